// The windows a limit can count in, one rule per kind of window of the domain's table (domain/limit-kinds.ts): how a
// window is found from the store's clock, in TypeScript here and in lua/check.lua under the same rule code, so that
// every store agrees on where a window starts and ends.
import type { WindowName } from "../domain/limit-kinds";
import { monthRule, WEEK_RULE } from "./calendar-windows";
import type { WindowRule } from "./window-rule";

export type { WindowName } from "../domain/limit-kinds";
export { WINDOW_NAMES } from "../domain/limit-kinds";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** A window of fixed length aligned to the Unix epoch, so to UTC: `[hh:00, hh+1:00)`, `[00:00Z, next 00:00Z)`. */
function fixedWindow(code: string, fields: WindowRule["fields"], lengthMs: number): WindowRule {
  return {
    code,
    fields,
    index: (nowMs) => Math.floor(nowMs / lengthMs),
    startMs: (index) => index * lengthMs,
    endMs: (index) => (index + 1) * lengthMs,
  };
}

/** Each kind of window's rule; a month's follows the customer's billing day (windowRule). */
export const WINDOW_RULES: Record<WindowName, WindowRule> = {
  hour: fixedWindow("hour", ["hi", "hc"], HOUR_MS),
  day: fixedWindow("day", ["di", "dc"], DAY_MS),
  week: WEEK_RULE,
  month: monthRule(1),
};

/**
 * The windows counted even where the customer has no limit in them, so that a limit added later counts what its
 * window has already used. Weeks and months are counted only where limited: counting them for everyone would keep
 * every subject's counters for up to a month (anonymous addresses included) and cost every check two more windows;
 * a week or month limit added later counts from when it is added.
 */
export const ALWAYS_COUNTED: ReadonlySet<WindowName> = new Set<WindowName>(["hour", "day"]);

/** The rule of a kind of window for a customer with this billing day (null: the calendar month). */
export function windowRule(name: WindowName, billingDay: number | null): WindowRule {
  return name === "month" && billingDay !== null ? monthRule(billingDay) : WINDOW_RULES[name];
}

/** The length in seconds of the window `nowMs` falls in: the `w` of its RateLimit-Policy item. */
export function windowSeconds(rule: WindowRule, nowMs: number): number {
  const index = rule.index(nowMs);
  return (rule.endMs(index) - rule.startMs(index)) / 1000;
}
