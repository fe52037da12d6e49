// An admin's plan edit moved onto a newer version of the plan, after a 412. A PATCH replaces the resources as a whole,
// so the patch carries every resource: sent again as it was made, it would put back what the other admin changed
// inside a resource meanwhile. Its other fields are the admin's own changes only, and leave the rest as they are now.
import type { Plan, PlanPatch } from "../../../lib/domain";
import { layChanges } from "../../../lib/lay-changes";

/** The patch `mine`, made over `base`, with its resources as `current` has them plus this admin's own changes. */
export function rebasePlan(mine: PlanPatch, base: Plan, current: Plan): PlanPatch {
  if (mine.resources === undefined) return mine;
  const laid = layChanges(
    { resources: base.resources },
    { resources: mine.resources },
    { resources: current.resources },
  );
  return { ...mine, resources: (laid?.resources ?? {}) as Plan["resources"] };
}
