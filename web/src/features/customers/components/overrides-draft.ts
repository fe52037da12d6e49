// A customer's limit overrides as typed (empty inherits the plan), checked against the plan with the API's rules.
import {
  type Customer,
  effectiveLimits,
  LIMIT_FIELDS,
  type LimitField,
  Overrides,
  type Plan,
} from "../../../lib/domain";
import { humanize, limitInputOf, limitRuleErrors, parseLimitInput } from "../../../lib/limit-input";

export type OverridesDraft = Record<LimitField, string>;

export const overridesDraftOf = (overrides: Customer["overrides"]): OverridesDraft => ({
  burst: limitInputOf(overrides?.burst),
  perMinute: limitInputOf(overrides?.perMinute),
  perHour: limitInputOf(overrides?.perHour),
  perDay: limitInputOf(overrides?.perDay),
});

export type CheckedOverrides = { errors: Partial<Record<LimitField, string>>; overrides: Overrides | undefined };

/**
 * Errors by field, and the overrides to send: the limits typed, plus the fail mode and shadow overrides the
 * customer already has (the form does not edit those, and a PATCH replaces the whole object).
 */
export function checkOverrides(draft: OverridesDraft, plan: Plan | undefined, kept: Overrides): CheckedOverrides {
  const candidate: NonNullable<Overrides> = {};
  for (const field of LIMIT_FIELDS) {
    const value = parseLimitInput(draft[field]);
    if (value !== null) candidate[field] = value;
  }
  if (kept?.failMode !== undefined) candidate.failMode = kept.failMode;
  if (kept?.shadow !== undefined) candidate.shadow = kept.shadow;

  const errors: Partial<Record<LimitField, string>> = {};
  const parsed = Overrides.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as LimitField;
      errors[field] ??= issue.code === "invalid_type" ? "Must be a whole number" : humanize(issue.message);
    }
  }
  if (plan) {
    for (const [field, message] of Object.entries(limitRuleErrors(effectiveLimits(plan, candidate)))) {
      errors[field as LimitField] ??= message;
    }
  }
  const overrides = Object.keys(candidate).length === 0 ? null : candidate;
  return { errors, overrides: Object.keys(errors).length === 0 ? overrides : undefined };
}
