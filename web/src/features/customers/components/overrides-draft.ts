// A customer's limit overrides as typed (empty inherits the plan), checked against the plan with the API's rules.

import { alertsMessage } from "../../../lib/alerts";
import {
  type Customer,
  effectiveLimits,
  effectiveResources,
  LIMIT_FIELDS,
  type LimitField,
  Overrides,
  type Plan,
} from "../../../lib/domain";
import {
  type LimitInputs,
  limitInputsOf,
  limitIssueMessage,
  limitRuleErrors,
  parseLimitInput,
} from "../../../lib/limit-input";
import { localShareMessage } from "../../../lib/local-share";

/** The plan's own limits as typed, and each resource's, by resource name. */
export type OverridesDraft = { limits: LimitInputs; resources: Record<string, LimitInputs> };

export const overridesDraftOf = (overrides: Customer["overrides"]): OverridesDraft => ({
  limits: limitInputsOf(overrides ?? undefined),
  resources: Object.fromEntries(
    Object.entries(overrides?.resources ?? {}).map(([name, limits]) => [name, limitInputsOf(limits)]),
  ),
});

/**
 * Where an error shows: a field of the plan's own limits (resource null) or of one resource's, or the local share
 * ("localShare") or the alerts ("alerts"). "/" is in no name.
 */
export const overrideKey = (resource: string | null, field: LimitField | "localShare" | "alerts") =>
  resource === null ? field : `${resource}/${field}`;

/** The resources a customer's overrides can touch: the plan's, then any only the overrides name. */
export function overridableResources(plan: Plan | undefined, draft: OverridesDraft): string[] {
  return [...new Set([...Object.keys(plan?.resources ?? {}), ...Object.keys(draft.resources)])];
}

/** The fields typed, as numbers; a field left empty is left out, so it keeps the plan's value. */
function typed(inputs: LimitInputs): Partial<Record<LimitField, number>> {
  const set: Partial<Record<LimitField, number>> = {};
  for (const field of LIMIT_FIELDS) {
    const value = parseLimitInput(inputs[field]);
    if (value !== null) set[field] = value;
  }
  return set;
}

export type CheckedOverrides = { errors: Partial<Record<string, string>>; overrides: Overrides | undefined };

/** The fail mode, shadow, local share and alerts overrides chosen; a field left out keeps the plan's value. */
export type ModeOverrides = Pick<NonNullable<Overrides>, "failMode" | "shadow" | "localShare" | "alerts">;

/**
 * Errors by overrideKey, and the overrides to send: the limits typed, plus the fail mode, shadow, local share and
 * alerts overrides (all in one object, since a PATCH replaces the whole of it).
 */
export function checkOverrides(draft: OverridesDraft, plan: Plan | undefined, kept: ModeOverrides): CheckedOverrides {
  const candidate: NonNullable<Overrides> = typed(draft.limits);
  const resources = Object.entries(draft.resources)
    .map(([name, inputs]) => [name, typed(inputs)] as const)
    .filter(([, fields]) => Object.keys(fields).length > 0);
  if (resources.length > 0) candidate.resources = Object.fromEntries(resources);
  if (kept.failMode !== undefined) candidate.failMode = kept.failMode;
  if (kept.shadow !== undefined) candidate.shadow = kept.shadow;
  if (kept.localShare !== undefined) candidate.localShare = kept.localShare;
  if (kept.alerts !== undefined) candidate.alerts = kept.alerts;

  // The API's paths: [field] or ["resources", name, field].
  const keyOf = (path: PropertyKey[]) =>
    path[0] === "resources"
      ? overrideKey(String(path[1]), path[2] as LimitField)
      : overrideKey(null, path[0] as LimitField | "localShare" | "alerts");
  const errors: Partial<Record<string, string>> = {};
  const parsed = Overrides.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors[keyOf(issue.path)] ??=
        issue.path[0] === "localShare"
          ? localShareMessage(issue)
          : issue.path[0] === "alerts"
            ? alertsMessage(issue)
            : limitIssueMessage(issue);
    }
  }
  if (plan) {
    const limits = { ...effectiveLimits(plan, candidate), resources: effectiveResources(plan, candidate) };
    for (const { path, message } of limitRuleErrors(limits)) errors[keyOf(path)] ??= message;
  }
  const overrides = Object.keys(candidate).length === 0 ? null : candidate;
  return { errors, overrides: Object.keys(errors).length === 0 ? overrides : undefined };
}
