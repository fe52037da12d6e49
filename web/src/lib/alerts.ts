// Alert thresholds as the admin types them ("80, 100") and reads them ("80 %, 100 %"), checked with the API's rule,
// and which of them a window's use has reached.
import type { z } from "zod";
import { Alerts, MAX_ALERTS, WINDOW_KINDS } from "./domain";
import { entryParts, type LimitEntry } from "./quota";

/** The hint under an Alerts control: what the thresholds do. */
export const ALERTS_HINT =
  "Percent of each hour, day, week and month limit, e.g. 80, 100: one webhook event per threshold per window when use reaches it.";

/**
 * The thresholds typed, separated by commas or spaces, a trailing % allowed; text that is not a whole number is NaN,
 * which the schema then refuses with the other rules.
 */
export function parseAlertsInput(text: string): number[] {
  return text
    .split(/[,;\s]+/)
    .map((part) => part.replace(/%$/, ""))
    .filter((part) => part !== "")
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
}

export const alertsInputOf = (alerts: readonly number[] | undefined) => (alerts ?? []).join(", ");

/** "80 %, 100 %", or "None". */
export const alertsText = (alerts: readonly number[]) =>
  alerts.length === 0 ? "None" : alerts.map((t) => `${t} %`).join(", ");

/** The API's rule on alerts, in the words of the form's label. */
export function alertsMessage(issue: Pick<z.core.$ZodIssue, "code" | "path">): string {
  if (issue.code === "too_big" && issue.path.length <= 1) return `At most ${MAX_ALERTS} thresholds`;
  if (issue.code === "custom") return "Give each threshold once";
  return "Alerts must be whole numbers from 1 to 100, separated by commas";
}

/** The thresholds typed, as the API keeps them (ascending), or the first rule they break. */
export function checkAlertsInput(text: string): { alerts: number[]; error?: undefined } | { error: string } {
  const parsed = Alerts.safeParse(parseAlertsInput(text));
  if (parsed.success) return { alerts: parsed.data };
  const [issue] = parsed.error.issues;
  return { error: issue ? alertsMessage(issue) : "Alerts are not valid" };
}

const WINDOWS = new Set<string>(WINDOW_KINDS.map((k) => k.window));

/**
 * The thresholds (percent) of `alerts` that a window limit's use has reached in its current window, as the API counts
 * them: t % is reached at ceil(limit × t / 100) units used. A bucket (burst, per minute) and requests in flight
 * (concurrent) have no window, and the API raises no alert for them: none.
 */
export function thresholdsReached(entry: LimitEntry, alerts: readonly number[]): number[] {
  if (!WINDOWS.has(entryParts(entry.name).limit)) return [];
  const used = entry.limit - entry.remaining;
  return alerts.filter((t) => used >= Math.ceil((entry.limit * t) / 100));
}
