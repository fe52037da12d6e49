// A customer's overrides in a few words, for the list and the conflict view: limits, resources, fail mode, shadow,
// local share, alerts.
import { failModeText } from "../../../components/quota/fail-mode-words";
import { alertsText } from "../../../lib/alerts";
import type { Customer } from "../../../lib/domain";
import { localShareText } from "../../../lib/local-share";
import { limitsText } from "../../../lib/quota";

/** The limits the overrides replace ("Per day 2,000; ai.generate: Per minute 10"), or "" when none. */
export function limitOverridesText(overrides: Customer["overrides"]): string {
  return [
    limitsText(overrides ?? {}),
    ...Object.entries(overrides?.resources ?? {}).map(([name, limits]) => `${name}: ${limitsText(limits)}`),
  ]
    .filter((part) => part !== "")
    .join("; ");
}

export const shadowText = (shadow: boolean) => (shadow ? "On (never denies)" : "Off");

/** Every override, or "None" when the customer has its plan as it is. */
export function overridesText(overrides: Customer["overrides"]): string {
  const parts = [limitOverridesText(overrides)];
  if (overrides?.failMode !== undefined) parts.push(`Fail mode ${failModeText(overrides.failMode).toLowerCase()}`);
  if (overrides?.shadow !== undefined) parts.push(`Shadow ${overrides.shadow ? "on" : "off"}`);
  if (overrides?.localShare !== undefined)
    parts.push(`Local share ${localShareText(overrides.localShare).toLowerCase()}`);
  if (overrides?.alerts !== undefined) parts.push(`Alerts ${alertsText(overrides.alerts).toLowerCase()}`);
  const said = parts.filter((part) => part !== "");
  return said.length > 0 ? said.join("; ") : "None";
}
