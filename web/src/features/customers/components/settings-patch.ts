// The customer settings that differ from the customer as read: what a save sends, so an unchanged field is left alone.
import type { Customer, Overrides } from "../../../lib/domain";
import type { CustomerSettings } from "../api/update-customer";

/** Overrides are the same when they set the same fields to the same values, in whatever order. */
function sameOverrides(a: Overrides, b: Overrides): boolean {
  const fieldsOf = (o: Overrides) => Object.entries(o ?? {}).filter(([, value]) => value !== undefined);
  const left = fieldsOf(a);
  return left.length === fieldsOf(b).length && left.every(([field, value]) => b?.[field as keyof Overrides] === value);
}

/** The plan and overrides to send, or null when neither changed. */
export function settingsPatchOf(before: Customer, planId: string, overrides: Overrides): CustomerSettings | null {
  const patch: CustomerSettings = {};
  if (planId !== before.planId) patch.planId = planId;
  if (!sameOverrides(before.overrides, overrides)) patch.overrides = overrides;
  return Object.keys(patch).length > 0 ? patch : null;
}
