// An admin's changes moved onto a newer version of the customer: what they changed, override by override, laid over
// what someone else saved meanwhile, so that applying theirs does not undo the other admin's edits.
import type { Customer, Overrides } from "../../../lib/domain";
import { layChanges } from "../../../lib/lay-changes";
import type { CustomerSettings } from "../api/update-customer";

/**
 * The patch `mine`, made over `base`, moved onto `current`: the name, plan and billing day as the admin set them, and
 * the overrides as they are now with the admin's own changes (set or removed) laid over them.
 */
export function rebaseSettings(mine: CustomerSettings, base: Customer, current: Customer): CustomerSettings {
  if (mine.overrides === undefined) return mine;
  return { ...mine, overrides: layChanges(base.overrides, mine.overrides, current.overrides) as Overrides };
}
