// A customer's settings as the admin edits them (name, plan, billing day, limit, fail mode and shadow overrides),
// and what a save of them sends, checked with the API's rules.
import { type Customer, CustomerCreate, type Plan } from "../../../lib/domain";
import { humanize } from "../../../lib/limit-input";
import type { CustomerSettings } from "../api/update-customer";
import {
  type CheckedOverrides,
  checkOverrides,
  type ModeOverrides,
  type OverridesDraft,
  overridesDraftOf,
} from "./overrides-draft";

/** A fail mode or shadow override as chosen: "" keeps the plan's value. */
export type FailModeChoice = "" | "open" | "closed";
export type ShadowChoice = "" | "on" | "off";

export type SettingsDraft = {
  name: string;
  planId: string;
  billingDay: number | null;
  overrides: OverridesDraft;
  failMode: FailModeChoice;
  shadow: ShadowChoice;
};

export const settingsDraftOf = (customer: Customer): SettingsDraft => ({
  name: customer.name,
  planId: customer.planId,
  billingDay: customer.billingDay,
  overrides: overridesDraftOf(customer.overrides),
  failMode: customer.overrides?.failMode ?? "",
  shadow: customer.overrides?.shadow === undefined ? "" : customer.overrides.shadow ? "on" : "off",
});

export function modesOf(draft: SettingsDraft): ModeOverrides {
  const modes: ModeOverrides = {};
  if (draft.failMode !== "") modes.failMode = draft.failMode;
  if (draft.shadow !== "") modes.shadow = draft.shadow === "on";
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
