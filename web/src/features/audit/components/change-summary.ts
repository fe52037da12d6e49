// What an audit entry changed, as "field: before → after" lines, so the log reads without raw JSON.

const show = (value: unknown) =>
  value === null || value === undefined ? "none" : typeof value === "object" ? JSON.stringify(value) : String(value);

// Bookkeeping fields change on every write and say nothing about what the admin did.
const NOISE = new Set(["version", "updatedAt", "createdAt"]);

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export function changeLines(before: unknown, after: unknown): string[] {
  const a = fieldsOf(before);
  const b = fieldsOf(after);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !NOISE.has(k));
  if (before === null || before === undefined)
    return keys.filter((k) => b[k] !== undefined).map((k) => `${k}: ${show(b[k])}`);
  if (after === null || after === undefined) return [];
  return keys.filter((k) => show(a[k]) !== show(b[k])).map((k) => `${k}: ${show(a[k])} → ${show(b[k])}`);
}
