// A customer's settings as the admin edits them (name, plan, billing day, limit, fail mode, shadow, local share and
// alerts overrides), and what a save of them sends, checked with the API's rules.
import { alertsInputOf, parseAlertsInput } from "../../../lib/alerts";
import { type Customer, CustomerCreate, type Plan } from "../../../lib/domain";
import { humanize, limitInputOf, parseLimitInput } from "../../../lib/limit-input";
import type { CustomerSettings } from "../api/update-customer";
import {
  type CheckedOverrides,
  checkOverrides,
  type ModeOverrides,
  type OverridesDraft,
  overridesDraftOf,
} from "./overrides-draft";

/** A fail mode or shadow override as chosen: "" keeps the plan's value. */
export type FailModeChoice = "" | "open" | "closed" | "local";
export type ShadowChoice = "" | "on" | "off";
/** A local share override as chosen: "" keeps the plan's, "off" sends every check to the store, "own" its units. */
export type LocalShareChoice = "" | "off" | "own";
/** An alerts override as chosen: "" keeps the plan's, "none" turns them off ([]), "own" its thresholds. */
export type AlertsChoice = "" | "none" | "own";

export type SettingsDraft = {
  name: string;
  planId: string;
  billingDay: number | null;
  overrides: OverridesDraft;
  failMode: FailModeChoice;
  shadow: ShadowChoice;
  localShare: LocalShareChoice;
  /** The customer's own local share as typed, used when localShare is "own". */
  localShareUnits: string;
  alerts: AlertsChoice;
  /** The customer's own thresholds as typed ("80, 100"), used when alerts is "own". */
  alertsThresholds: string;
};

export const settingsDraftOf = (customer: Customer): SettingsDraft => ({
  name: customer.name,
  planId: customer.planId,
  billingDay: customer.billingDay,
  overrides: overridesDraftOf(customer.overrides),
  failMode: customer.overrides?.failMode ?? "",
  shadow: customer.overrides?.shadow === undefined ? "" : customer.overrides.shadow ? "on" : "off",
  localShare:
    customer.overrides?.localShare === undefined ? "" : customer.overrides.localShare === null ? "off" : "own",
  localShareUnits: limitInputOf(customer.overrides?.localShare),
  alerts: customer.overrides?.alerts === undefined ? "" : customer.overrides.alerts.length === 0 ? "none" : "own",
  alertsThresholds: alertsInputOf(customer.overrides?.alerts),
});

export function modesOf(draft: SettingsDraft): ModeOverrides {
  const modes: ModeOverrides = {};
  if (draft.failMode !== "") modes.failMode = draft.failMode;
  if (draft.shadow !== "") modes.shadow = draft.shadow === "on";
  if (draft.localShare === "off") modes.localShare = null;
  // Own units left empty are no number yet, not "off": the rule says so beside the field.
  if (draft.localShare === "own") modes.localShare = parseLimitInput(draft.localShareUnits) ?? Number.NaN;
  if (draft.alerts === "none") modes.alerts = [];
  // Own thresholds left empty are none typed yet, not "none": the rule says so beside the field.
  if (draft.alerts === "own") {
    const typed = parseAlertsInput(draft.alertsThresholds);
    modes.alerts = typed.length > 0 ? typed.sort((a, b) => a - b) : [Number.NaN];
  }
  return modes;
}

/** Why the name cannot be saved, in the form's words; undefined when it can. */
export function nameError(name: string): string | undefined {
  const issue = CustomerCreate.shape.name.safeParse(name.trim()).error?.issues[0];
  return issue ? humanize(issue.message) : undefined;
}

export type CheckedSettings = {
  errors: CheckedOverrides["errors"] & { name?: string };
  /** Every setting as it would be saved, or undefined while one of them breaks a rule. */
  settings: Required<CustomerSettings> | undefined;
};

export function checkSettings(draft: SettingsDraft, plan: Plan | undefined): CheckedSettings {
  const { errors, overrides } = checkOverrides(draft.overrides, plan, modesOf(draft));
  const name = nameError(draft.name);
  const all = name ? { ...errors, name } : errors;
  if (name || overrides === undefined) return { errors: all, settings: undefined };
  return {
    errors: all,
    settings: { name: draft.name.trim(), planId: draft.planId, billingDay: draft.billingDay, overrides },
  };
}
