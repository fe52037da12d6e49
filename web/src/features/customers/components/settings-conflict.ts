// The rows of the 412 view: each setting as the admin set it beside the current version, and whether they differ.
import { failModeText } from "../../../components/quota/fail-mode-words";
import type { ConflictRow } from "../../../components/ui/conflict-view";
import { alertsText } from "../../../lib/alerts";
import type { Customer, Plan } from "../../../lib/domain";
import { localShareText } from "../../../lib/local-share";
import type { CustomerSettings } from "../api/update-customer";
import { limitOverridesText, shadowText } from "./overrides-text";

type Settings = Required<CustomerSettings>;

/** Each setting in words; a setting the plan decides names the plan's value. */
function texts(settings: Settings, plans: Plan[]): Record<string, string> {
  const plan = plans.find((p) => p.id === settings.planId);
  const { overrides } = settings;
  return {
    Name: settings.name,
    Plan: plan ? `${plan.name} (${plan.id})` : settings.planId,
    "Billing day": settings.billingDay === null ? "Calendar month" : String(settings.billingDay),
    "Limit overrides": limitOverridesText(overrides) || "None",
    "Fail mode":
      overrides?.failMode !== undefined
        ? failModeText(overrides.failMode)
        : `Plan's (${plan ? failModeText(plan.failMode).toLowerCase() : "unknown"})`,
    Shadow:
      overrides?.shadow !== undefined
        ? shadowText(overrides.shadow)
        : `Plan's (${plan ? (plan.shadow ? "on" : "off") : "unknown"})`,
    "Local share":
      overrides?.localShare !== undefined
        ? localShareText(overrides.localShare)
        : `Plan's (${plan ? localShareText(plan.localShare).toLowerCase() : "unknown"})`,
    Alerts:
      overrides?.alerts !== undefined
        ? alertsText(overrides.alerts)
        : `Plan's (${plan ? alertsText(plan.alerts).toLowerCase() : "unknown"})`,
  };
}

/** The fields a patch sets, by row label: the overrides are one field of the API, so they go together. */
const FIELD_OF: Record<string, keyof Settings> = {
  Name: "name",
  Plan: "planId",
  "Billing day": "billingDay",
  "Limit overrides": "overrides",
  "Fail mode": "overrides",
  Shadow: "overrides",
  "Local share": "overrides",
  Alerts: "overrides",
};

export function conflictRows(mine: CustomerSettings, current: Customer, plans: Plan[]): ConflictRow[] {
  const now: Settings = {
    name: current.name,
    planId: current.planId,
    billingDay: current.billingDay,
    overrides: current.overrides,
  };
  const after: Settings = { ...now, ...mine };
  const currentTexts = texts(now, plans);
  const mineTexts = texts(after, plans);
  return Object.entries(FIELD_OF).map(([label, field]) => {
    const changed = field in mine;
    return {
      label,
      mine: changed ? (mineTexts[label] ?? "") : null,
      current: currentTexts[label] ?? "",
      differs: changed && mineTexts[label] !== currentTexts[label],
    };
  });
}
