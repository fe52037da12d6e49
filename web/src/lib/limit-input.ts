// Limits as the admin types them (text) and as the API takes them (integer or null), and the API's rule
// messages in the words of the form's labels.
import { LIMIT_FIELDS, type LimitField, type Limits, limitViolations } from "./domain";
import { FIELD_LABELS } from "./quota";

/** "" is no value (null); digits with optional thousands separators are a number; anything else is NaN. */
export function parseLimitInput(text: string): number | null {
  const trimmed = text.trim().replace(/[,_\s]/g, "");
  if (trimmed === "") return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export const limitInputOf = (value: number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

/** The API's messages name fields as in JSON (perHour); the form names them as its labels do (Per hour). */
export function humanize(message: string): string {
  const worded = message
    .replace(/\b(burst|perMinute|perHour|perDay)\b/g, (field) => FIELD_LABELS[field as LimitField])
    .replace("must be ≥", "must be at least");
  return worded.charAt(0).toUpperCase() + worded.slice(1);
}

/** A limit that is a valid number; the schema reports the others. */
const isWellFormed = (v: number | null) => v !== null && Number.isInteger(v) && v >= 1 && v <= 1_000_000_000;

/**
 * The cross-field rules, checked even while other fields are still wrong so each error shows at once; a limit
 * that is not a valid number yet counts as unset, and has its own error from the schema.
 */
export function limitRuleErrors(limits: Limits): Partial<Record<LimitField, string>> {
  const usable = {} as Limits;
  for (const field of LIMIT_FIELDS) usable[field] = isWellFormed(limits[field]) ? limits[field] : null;
  const errors: Partial<Record<LimitField, string>> = {};
  for (const { field, message } of limitViolations(usable)) errors[field] ??= humanize(message);
  return errors;
}
