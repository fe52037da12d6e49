// An admin's changes moved onto a newer version of the customer: what they changed, override by override, laid over
// what someone else saved meanwhile, so that applying theirs does not undo the other admin's edits.
import type { Customer, Overrides } from "../../../lib/domain";
import { sameValue } from "../../../lib/same-value";
import type { CustomerSettings } from "../api/update-customer";

/** Each single override by path: "perDay", "failMode", "resources/ai.generate/perDay". "/" is in no name. */
function flatten(overrides: Overrides): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (key !== "resources") flat.set(key, value);
  }
  for (const [name, limits] of Object.entries(overrides?.resources ?? {})) {
    for (const [field, value] of Object.entries(limits)) flat.set(`resources/${name}/${field}`, value);
  }
  return flat;
}

function unflatten(flat: Map<string, unknown>): Overrides {
  if (flat.size === 0) return null;
  const overrides: Record<string, unknown> = {};
  const resources: Record<string, Record<string, unknown>> = {};
  for (const [path, value] of flat) {
    const [head, name, field] = path.split("/");
    if (head === "resources" && name !== undefined && field !== undefined) {
      resources[name] = { ...resources[name], [field]: value };
    } else {
      overrides[path] = value;
    }
  }
  if (Object.keys(resources).length > 0) overrides.resources = resources;
  return overrides as Overrides;
}

/**
 * The patch `mine`, made over `base`, moved onto `current`: the name, plan and billing day as the admin set them, and
 * the overrides as they are now with the admin's own changes (set or removed) laid over them.
 */
export function rebaseSettings(mine: CustomerSettings, base: Customer, current: Customer): CustomerSettings {
  if (mine.overrides === undefined) return mine;
  const before = flatten(base.overrides);
  const after = flatten(mine.overrides);
  const merged = flatten(current.overrides);
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    // Alerts are a list: one that reads the same is no change, though it is another array.
    if (sameValue(before.get(path), after.get(path))) continue;
    if (after.has(path)) merged.set(path, after.get(path));
    else merged.delete(path);
  }
  return { ...mine, overrides: unflatten(merged) };
}
