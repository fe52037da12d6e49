// The rows of the 412 view: each plan field as the admin set it beside the current version, and whether they differ.
import { failModeText } from "../../../components/quota/fail-mode-words";
import type { ConflictRow } from "../../../components/ui/conflict-view";
import { alertsText } from "../../../lib/alerts";
import { LIMIT_KINDS, type Plan, type PlanPatch } from "../../../lib/domain";
import { formatLimit } from "../../../lib/format";
import { localShareText } from "../../../lib/local-share";
import { burstText } from "../../../lib/plan-burst";
import { resourceLimitsText } from "../../../lib/quota";

type Shown = Omit<Plan, "id" | "version" | "createdAt" | "updatedAt">;

const resourcesText = (resources: Plan["resources"]) =>
  Object.entries(resources)
    .map(([name, limits]) => `${name}: ${resourceLimitsText(limits)}`)
    .join("; ") || "None";

// One row a field, with the plans table's labels and words. Burst reads the plan's Per minute too.
const ROWS: { label: string; field: keyof PlanPatch; text: (plan: Shown) => string }[] = [
  { label: "Name", field: "name", text: (p) => p.name },
  ...LIMIT_KINDS.map((k) => ({
    label: k.label,
    field: k.field,
    text: (p: Shown) => (k.field === "burst" ? burstText(p) : formatLimit(p[k.field])),
  })),
  { label: "Resources", field: "resources", text: (p) => resourcesText(p.resources) },
  { label: "Fail mode", field: "failMode", text: (p) => failModeText(p.failMode) },
  { label: "Shadow", field: "shadow", text: (p) => (p.shadow ? "On" : "Off") },
  { label: "Local share", field: "localShare", text: (p) => localShareText(p.localShare) },
  { label: "Alerts", field: "alerts", text: (p) => alertsText(p.alerts) },
];

/** `mine` is what the admin changed from the version they read; applied over `current`, the rest keeps its value. */
export function conflictRows(mine: PlanPatch, current: Plan): ConflictRow[] {
  const after: Shown = { ...current, ...mine };
  return ROWS.map(({ label, field, text }) => {
    const changed = mine[field] !== undefined;
    return {
      label,
      mine: changed ? text(after) : null,
      current: text(current),
      differs: changed && text(after) !== text(current),
    };
  });
}
