// Whether two JSON values say the same, whatever the order of their keys: what a save compares to send only changes.

/** Equal values; an object's keys may come in any order, and a key set to undefined counts as left out. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  }
  const entries = (o: object) => Object.entries(o).filter(([, v]) => v !== undefined);
  const left = entries(a);
  const right = new Map(entries(b));
  return left.length === right.size && left.every(([k, v]) => right.has(k) && sameValue(v, right.get(k)));
}
