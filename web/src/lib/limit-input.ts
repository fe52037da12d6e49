// Limits as the admin types them (text) and as the API takes them (integer or null), and the API's rule
// messages in the words of the form's labels.
import type { z } from "zod";
import { LIMIT_FIELDS, LIMIT_KINDS, type LimitField, type Limits, planViolations, type Resources } from "./domain";
import { formatCount, formatLimit } from "./format";
import { FIELD_LABELS } from "./quota";

/** "" is no value (null); digits with optional thousands separators are a number; anything else is NaN. */
export function parseLimitInput(text: string): number | null {
  const trimmed = text.trim().replace(/[,_\s]/g, "");
  if (trimmed === "") return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export const limitInputOf = (value: number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

/** Limits as typed, one text per field. */
export type LimitInputs = Record<LimitField, string>;

export const emptyLimitInputs = (): LimitInputs => Object.fromEntries(LIMIT_FIELDS.map((f) => [f, ""])) as LimitInputs;

export const limitInputsOf = (limits: Partial<Record<LimitField, number | null>> | undefined): LimitInputs =>
  Object.fromEntries(LIMIT_FIELDS.map((f) => [f, limitInputOf(limits?.[f])])) as LimitInputs;

export const parseLimitInputs = (inputs: LimitInputs): Limits =>
  Object.fromEntries(LIMIT_FIELDS.map((f) => [f, parseLimitInput(inputs[f])])) as Limits;

const FIELD_NAMES = new RegExp(`\\b(${LIMIT_FIELDS.join("|")})\\b`, "g");
// planViolations names the resource first; a resource's name is the admin's own and stays as typed.
const RESOURCE_PREFIX = /^(resource \S+: )?(.*)$/s;

/**
 * The API's messages name fields as in JSON (perHour); the form names them as its labels do (Per hour), each with
 * its number when `limits` gives one: "Per day (100) must be at least Per minute (200)".
 */
export function humanize(message: string, limits?: Limits): string {
  const [, prefix = "", rest = ""] = RESOURCE_PREFIX.exec(message) ?? [];
  const label = (field: string) => {
    const value = limits?.[field as LimitField];
    const name = FIELD_LABELS[field as LimitField];
    return value === null || value === undefined ? name : `${name} (${formatLimit(value)})`;
  };
  const worded = prefix + rest.replace(FIELD_NAMES, label);
  const said = worded.replace("must be ≥", "must be at least");
  return said.charAt(0).toUpperCase() + said.slice(1);
}

// The kinds bounded below the schema's common maximum (Concurrent: 1,000,000), by their own field.
const OWN_MAX = new Map<string, number>(LIMIT_KINDS.flatMap((k) => ("max" in k ? [[k.field, k.max] as const] : [])));

/**
 * A limit field's own problem (not a number, too small, too large) in the form's words. A kind with a smaller maximum
 * than the common one (Concurrent) is bounded by it in the schema and by a rule (limitRuleErrors) alike: a number past
 * it is told the kind's own bound.
 */
export function limitIssueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type") return "Must be a whole number";
  const own = OWN_MAX.get(String(issue.path.at(-1)));
  if (issue.code === "too_big" && own !== undefined) return `Must be at most ${formatCount(own)}`;
  return humanize(issue.message);
}

/** A limit that is a valid number; the schema reports the others. */
const isWellFormed = (v: number | null) => v !== null && Number.isInteger(v) && v >= 1 && v <= 1_000_000_000;

/** Limits with every value that is not a valid limit yet (NaN, 1.5, 0) as unset. */
export const wellFormedLimits = (limits: Limits) =>
  Object.fromEntries(LIMIT_FIELDS.map((f) => [f, isWellFormed(limits[f]) ? limits[f] : null])) as Limits;

// The one rule that compares two limits: "perDay must be ≥ perMinute" names the shorter period last.
const ORDER_RULE = / must be ≥ (\w+)$/;

/**
 * The rules between limits (planViolations), checked even while other fields are still wrong so each error shows
 * at once; a limit that is not a valid number yet counts as unset, and has its own error from the schema. Each
 * message names the rule with its numbers. A field that breaks several order rules gets the one with the largest
 * shorter limit: raising it that far mends them all. Paths are the API's: [field] or ["resources", name, field].
 */
export function limitRuleErrors(plan: Limits & { resources?: Resources }): { path: string[]; message: string }[] {
  const resources = Object.fromEntries(Object.entries(plan.resources ?? {}).map(([n, l]) => [n, wellFormedLimits(l)]));
  const own = wellFormedLimits(plan);
  const chosen = new Map<string, { path: string[]; message: string; above: number }>();
  for (const { path, message } of planViolations({ ...own, resources })) {
    const limits = (path[0] === "resources" ? resources[path[1] ?? ""] : own) ?? own;
    const shorter = ORDER_RULE.exec(message)?.[1] as LimitField | undefined;
    const above = shorter ? (limits[shorter] ?? 0) : 0;
    const key = path.join(".");
    const known = chosen.get(key);
    if (!known || above > known.above) chosen.set(key, { path, message: humanize(message, limits), above });
  }
  return [...chosen.values()].map(({ path, message }) => ({ path, message }));
}
