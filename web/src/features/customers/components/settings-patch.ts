// The customer settings that differ from the customer as read: what a save sends, so an unchanged field is left alone.
import type { Customer } from "../../../lib/domain";
import { sameValue } from "../../../lib/same-value";
import type { CustomerSettings } from "../api/update-customer";

/** The name, plan, billing day and overrides to send, or null when none changed. */
export function settingsPatchOf(before: Customer, after: Required<CustomerSettings>): CustomerSettings | null {
  const patch: CustomerSettings = {};
  if (after.name !== before.name) patch.name = after.name;
  if (after.planId !== before.planId) patch.planId = after.planId;
  if (after.billingDay !== before.billingDay) patch.billingDay = after.billingDay;
  // No overrides and an empty set of them mean the same: the plan as it is.
  if (!sameValue(before.overrides ?? {}, after.overrides ?? {})) patch.overrides = after.overrides;
  return Object.keys(patch).length > 0 ? patch : null;
}
