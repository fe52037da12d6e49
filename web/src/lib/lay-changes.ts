// An admin's changes, made over the version they read, laid over a newer version someone else saved meanwhile, value
// by value: a field, or one limit of a named resource ("resources/ai.generate/perDay"). So applying theirs after a
// 412 keeps the other admin's edits to every value this admin did not change, inside a resource too.
import { sameValue } from "./same-value";

/** Top-level fields, and a `resources` map of each resource's own fields: a plan's limits or a customer's overrides. */
export type Layered = { [field: string]: unknown; resources?: Record<string, object> };

/** Each single value by path: "perDay", "failMode", "resources/ai.generate/perDay". "/" is in no name. */
function flatten(values: Layered | null | undefined): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(values ?? {})) {
    if (key !== "resources") flat.set(key, value);
  }
  for (const [name, limits] of Object.entries(values?.resources ?? {})) {
    for (const [field, value] of Object.entries(limits)) flat.set(`resources/${name}/${field}`, value);
  }
  return flat;
}

function unflatten(flat: Map<string, unknown>): Layered | null {
  if (flat.size === 0) return null;
  const values: Layered = {};
  const resources: Record<string, Record<string, unknown>> = {};
  for (const [path, value] of flat) {
    const [head, name, field] = path.split("/");
    if (head === "resources" && name !== undefined && field !== undefined) {
      resources[name] = { ...resources[name], [field]: value };
    } else {
      values[path] = value;
    }
  }
  if (Object.keys(resources).length > 0) values.resources = resources;
  return values;
}

/**
 * `current` with what changed from `base` to `mine` (set or removed) laid over it; null when nothing is left. A value
 * that reads the same in `base` and `mine` (a list of alerts, another array) is no change.
 */
export function layChanges(
  base: Layered | null | undefined,
  mine: Layered | null | undefined,
  current: Layered | null | undefined,
): Layered | null {
  const before = flatten(base);
  const after = flatten(mine);
  const merged = flatten(current);
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    if (sameValue(before.get(path), after.get(path))) continue;
    if (after.has(path)) merged.set(path, after.get(path));
    else merged.delete(path);
  }
  return unflatten(merged);
}
