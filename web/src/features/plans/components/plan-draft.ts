// The plan form's values as typed, checked with the API's own schema, and turned into a create or a patch.
import type { z } from "zod";
import { alertsInputOf, alertsMessage, parseAlertsInput } from "../../../lib/alerts";
import {
  LIMIT_FIELDS,
  type LimitField,
  PLAN_ID,
  type Plan,
  PlanCreate,
  PlanPatch,
  RESOURCE_NAME,
} from "../../../lib/domain";
import {
  emptyLimitInputs,
  type LimitInputs,
  limitInputOf,
  limitInputsOf,
  limitIssueMessage,
  limitRuleErrors,
  parseLimitInput,
  parseLimitInputs,
} from "../../../lib/limit-input";
import { localShareMessage } from "../../../lib/local-share";
import { sameValue } from "../../../lib/same-value";

/**
 * One resource as typed: rows rather than a record, so a name can be half-typed, empty or taken twice. `row` stays
 * with the row while others are removed, so its errors and touched fields stay with it too.
 */
export type ResourceDraft = { row: number; name: string; limits: LimitInputs };

export type PlanDraft = {
  id: string;
  name: string;
  limits: LimitInputs;
  resources: ResourceDraft[];
  failMode: "open" | "closed" | "local";
  shadow: boolean;
  /** As typed: empty is none, every check asks the counter store. */
  localShare: string;
  /** As typed: "80, 100"; empty is none. */
  alerts: string;
};

/**
 * Where an error shows: "id", "name", a limit field ("perDay"), "localShare", "alerts", "resources" (their number), or a resource row's
 * name or limit (resourceKey(row, "name"), resourceKey(row, "perDay")).
 */
export type DraftKey = string;
export type DraftErrors = Partial<Record<DraftKey, string>>;

export const resourceKey = (row: number, part: "name" | LimitField): DraftKey => `resources.${row}.${part}`;

export const emptyDraft: PlanDraft = {
  id: "",
  name: "",
  limits: emptyLimitInputs(),
  resources: [],
  failMode: "open",
  shadow: false,
  localShare: "",
  alerts: "",
};

/** A new, empty resource row, numbered after every row there is. */
export const newResource = (rows: ResourceDraft[]): ResourceDraft => ({
  row: Math.max(-1, ...rows.map((r) => r.row)) + 1,
  name: "",
  limits: emptyLimitInputs(),
});

export const draftOf = (plan: Plan): PlanDraft => ({
  id: plan.id,
  name: plan.name,
  limits: limitInputsOf(plan),
  resources: Object.entries(plan.resources).map(([name, limits], row) => ({
    row,
    name,
    limits: limitInputsOf(limits),
  })),
  failMode: plan.failMode,
  shadow: plan.shadow,
  localShare: limitInputOf(plan.localShare),
  alerts: alertsInputOf(plan.alerts),
});

const ID_RULE = "Use lowercase letters, digits, - and _, starting with a letter or digit (at most 63).";
const RESOURCE_RULE = "Use lowercase letters, digits, . _ : and -, starting with a letter or digit (at most 63).";

function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.path[0] === "id") return ID_RULE;
  if (issue.path[0] === "localShare") return localShareMessage(issue);
  if (issue.path[0] === "alerts") return alertsMessage(issue);
  return limitIssueMessage(issue);
}

/** The problems with each resource's name, which the record the API takes cannot hold (empty, twice). */
function nameErrors(resources: ResourceDraft[]): DraftErrors {
  const errors: DraftErrors = {};
  const seen = new Set<string>();
  for (const { row, name } of resources) {
    const trimmed = name.trim();
    if (trimmed === "") errors[resourceKey(row, "name")] = "Give the resource a name";
    else if (!RESOURCE_NAME.test(trimmed)) errors[resourceKey(row, "name")] = RESOURCE_RULE;
    else if (seen.has(trimmed)) errors[resourceKey(row, "name")] = "Another resource has this name";
    seen.add(trimmed);
  }
  return errors;
}

export type Checked = { errors: DraftErrors; plan: PlanCreate | null };

/** Every problem with the draft, keyed by where it shows, and the plan to send when there is none. */
export function checkDraft(draft: PlanDraft): Checked {
  const rowOf = new Map<string, number>();
  for (const r of draft.resources) if (!rowOf.has(r.name.trim())) rowOf.set(r.name.trim(), r.row);
  const input = {
    id: draft.id,
    name: draft.name,
    ...parseLimitInputs(draft.limits),
    resources: Object.fromEntries(draft.resources.map((r) => [r.name.trim(), parseLimitInputs(r.limits)])),
    failMode: draft.failMode,
    shadow: draft.shadow,
    localShare: parseLimitInput(draft.localShare),
    alerts: parseAlertsInput(draft.alerts),
  };
  // The API's paths name a resource; the form's rows are numbered. A name taken twice is the first row's.
  const keyOf = (path: PropertyKey[]): DraftKey | undefined => {
    const [first, name, field] = path;
    if (first !== "resources" || name === undefined) return first === undefined ? undefined : String(first);
    const row = rowOf.get(String(name));
    if (row === undefined) return "resources";
    return resourceKey(row, field === undefined ? "name" : (String(field) as LimitField));
  };

  const errors: DraftErrors = nameErrors(draft.resources);
  const parsed = PlanCreate.safeParse(input);
  const issues = parsed.success ? [] : parsed.error.issues;
  const show = (path: PropertyKey[], message: string) => {
    const key = keyOf(path);
    if (key) errors[key] ??= message;
  };
  // A field's own problem first (not a number, too small), then the rules between limits in words with their
  // numbers (zod skips those while any field is wrong; the form shows them regardless), then the schema's other
  // rules, whose wording of the limit rules has no numbers and so comes last.
  for (const issue of issues) if (issue.code !== "custom") show(issue.path, messageOf(issue));
  for (const { path, message } of limitRuleErrors(input)) show(path, message);
  for (const issue of issues) if (issue.code === "custom") show(issue.path, messageOf(issue));
  const clean = Object.keys(errors).length === 0 && parsed.success;
  return { errors, plan: clean ? parsed.data : null };
}

/** The fields of a checked plan that differ from the plan as read (what a PATCH sends), or null for none. */
export function patchOf(before: Plan, after: PlanCreate): PlanPatch | null {
  const patch: Record<string, unknown> = {};
  if (after.name !== before.name) patch.name = after.name;
  for (const field of LIMIT_FIELDS) if (after[field] !== before[field]) patch[field] = after[field];
  // A PATCH replaces the resources as a whole.
  if (!sameValue(after.resources, before.resources)) patch.resources = after.resources;
  if (after.failMode !== before.failMode) patch.failMode = after.failMode;
  if (after.shadow !== before.shadow) patch.shadow = after.shadow;
  if (after.localShare !== before.localShare) patch.localShare = after.localShare;
  // A PATCH replaces the thresholds as a whole; the API keeps them ascending, as the checked plan has them.
  if (!sameValue(after.alerts, before.alerts)) patch.alerts = after.alerts;
  const parsed = PlanPatch.safeParse(patch);
  return parsed.success ? parsed.data : null;
}

/** An id suggested from the name ("Pro Plus" → "pro-plus") while the admin has not typed one. */
export function idFromName(name: string): string {
  const slug = name
    .toLowerCase()
    // "é" is "e" and an accent after NFKD: the accent goes, rather than splitting the word ("cre-me").
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63);
  return PLAN_ID.test(slug) ? slug : "";
}
