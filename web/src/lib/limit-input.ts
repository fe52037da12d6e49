// Limits as the admin types them (text) and as the API takes them (integer or null), and the API's rule
// messages in the words of the form's labels.
import { LIMIT_FIELDS, type LimitField, type Limits, planViolations, type Resources } from "./domain";
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

/** The API's messages name fields as in JSON (perHour); the form names them as its labels do (Per hour). */
export function humanize(message: string): string {
  const [, prefix = "", rest = ""] = RESOURCE_PREFIX.exec(message) ?? [];
  const worded = prefix + rest.replace(FIELD_NAMES, (field) => FIELD_LABELS[field as LimitField]);
  const said = worded.replace("must be ≥", "must be at least");
  return said.charAt(0).toUpperCase() + said.slice(1);
}

/** A limit that is a valid number; the schema reports the others. */
const isWellFormed = (v: number | null) => v !== null && Number.isInteger(v) && v >= 1 && v <= 1_000_000_000;

const usable = (limits: Limits) =>
  Object.fromEntries(LIMIT_FIELDS.map((f) => [f, isWellFormed(limits[f]) ? limits[f] : null])) as Limits;

/**
 * The rules between limits (planViolations), checked even while other fields are still wrong so each error shows
 * at once; a limit that is not a valid number yet counts as unset, and has its own error from the schema.
 * Paths are the API's: [field] or ["resources", name, field].
 */
export function limitRuleErrors(plan: Limits & { resources?: Resources }): { path: string[]; message: string }[] {
  const resources = Object.fromEntries(Object.entries(plan.resources ?? {}).map(([n, l]) => [n, usable(l)]));
  return planViolations({ ...usable(plan), resources }).map((v) => ({ path: v.path, message: humanize(v.message) }));
}
