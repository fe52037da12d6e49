// The plan form's values as typed, checked with the API's own schema, and turned into a create or a patch.
import type { z } from "zod";
import { LIMIT_FIELDS, PLAN_ID, type Plan, PlanCreate, PlanPatch } from "../../../lib/domain";
import { humanize, limitInputOf, limitRuleErrors, parseLimitInput } from "../../../lib/limit-input";

export type PlanDraft = {
  id: string;
  name: string;
  burst: string;
  perMinute: string;
  perHour: string;
  perDay: string;
  failMode: "open" | "closed";
  shadow: boolean;
};

export type DraftField = keyof PlanDraft;
export type DraftErrors = Partial<Record<DraftField, string>>;

export const emptyDraft: PlanDraft = {
  id: "",
  name: "",
  burst: "",
  perMinute: "",
  perHour: "",
  perDay: "",
  failMode: "open",
  shadow: false,
};

export const draftOf = (plan: Plan): PlanDraft => ({
  id: plan.id,
  name: plan.name,
  burst: limitInputOf(plan.burst),
  perMinute: limitInputOf(plan.perMinute),
  perHour: limitInputOf(plan.perHour),
  perDay: limitInputOf(plan.perDay),
  failMode: plan.failMode,
  shadow: plan.shadow,
});

const ID_RULE = "Use lowercase letters, digits, - and _, starting with a letter or digit (at most 63).";

function messageOf(issue: z.core.$ZodIssue): string {
  const field = issue.path[0];
  if (field === "id") return ID_RULE;
  // NaN (text that is not a number) fails the type check, whose own message is for developers.
  if (issue.code === "invalid_type") return "Must be a whole number";
  return humanize(issue.message);
}

export type Checked = { errors: DraftErrors; plan: PlanCreate | null };

/** Every problem with the draft, keyed by field, and the plan to send when there is none. */
export function checkDraft(draft: PlanDraft): Checked {
  const input = {
    ...draft,
    burst: parseLimitInput(draft.burst),
    perMinute: parseLimitInput(draft.perMinute),
    perHour: parseLimitInput(draft.perHour),
    perDay: parseLimitInput(draft.perDay),
  };
  const errors: DraftErrors = {};
  const parsed = PlanCreate.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as DraftField | undefined;
      if (field) errors[field] ??= messageOf(issue);
    }
  }
  // zod skips the whole-plan rules while any field is wrong; the form shows them regardless.
  for (const [field, message] of Object.entries(limitRuleErrors(input))) errors[field as DraftField] ??= message;
  const clean = Object.keys(errors).length === 0 && parsed.success;
  return { errors, plan: clean ? parsed.data : null };
}

/** The fields of a checked plan that differ from the plan as read (what a PATCH sends), or null for none. */
export function patchOf(before: Plan, after: PlanCreate): PlanPatch | null {
  const patch: Record<string, unknown> = {};
  if (after.name !== before.name) patch.name = after.name;
  for (const field of LIMIT_FIELDS) if (after[field] !== before[field]) patch[field] = after[field];
  if (after.failMode !== before.failMode) patch.failMode = after.failMode;
  if (after.shadow !== before.shadow) patch.shadow = after.shadow;
  const parsed = PlanPatch.safeParse(patch);
  return parsed.success ? parsed.data : null;
}

/** An id suggested from the name ("Pro Plus" → "pro-plus") while the admin has not typed one. */
export function idFromName(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63);
  return PLAN_ID.test(slug) ? slug : "";
}
