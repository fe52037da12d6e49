// The windows a limit can count in: each kind's rule made from its row of the domain's table (domain/limit-kinds.ts),
// how a window is found from the store's clock. check.lua is sent each rule's params and finds the same windows from
// them, so that every store agrees on where a window starts and ends, and a new kind needs no code here or there.
import { DAY_MS, WINDOW_KINDS, type WindowKind, type WindowName } from "../domain/limit-kinds";
import { calendarRule } from "./calendar-windows";
import type { WindowRule } from "./window-rule";

export { DAY_MS, HOUR_MS, WINDOW_NAMES, type WindowName } from "../domain/limit-kinds";

/** Windows of fixed length counted from `offsetMs` after the epoch: `[hh:00, hh+1:00)`, Monday to Monday. */
function fixedRule(kind: WindowKind, lengthMs: number, offsetMs: number): WindowRule {
  const [index, count] = kind.hashFields;
  return {
    code: kind.window,
    fields: kind.hashFields,
    params: `${index}:${count}:${lengthMs}:${offsetMs}`,
    lengthVaries: false,
    daily: lengthMs === DAY_MS && offsetMs % DAY_MS === 0,
    wholeDays: lengthMs > DAY_MS && lengthMs % DAY_MS === 0 && offsetMs % DAY_MS === 0,
    index: (nowMs) => Math.floor((nowMs - offsetMs) / lengthMs),
    startMs: (i) => i * lengthMs + offsetMs,
    endMs: (i) => (i + 1) * lengthMs + offsetMs,
  };
}

/** Each kind's rules made so far, by billing day (a fixed rule, which follows none, as the 1st's). */
const made = new WeakMap<WindowKind, WindowRule[]>();

/**
 * The rule of a kind of window for a customer with this billing day (1 to 31; null: the calendar month), made once:
 * calendar months follow the billing day, fixed lengths ignore it.
 */
export function ruleOf(kind: WindowKind, billingDay: number | null = null): WindowRule {
  const { rule } = kind;
  const day = "months" in rule ? (billingDay ?? 1) : 1;
  if (!Number.isInteger(day) || day < 1 || day > 31) throw new RangeError(`a billing day is 1 to 31, not ${day}`);
  let rules = made.get(kind);
  if (!rules) {
    rules = [];
    made.set(kind, rules);
  }
  let found = rules[day - 1];
  if (!found) {
    found = "months" in rule ? calendarRule(kind, rule.months, day) : fixedRule(kind, rule.lengthMs, rule.offsetMs);
    rules[day - 1] = found;
  }
  return found;
}

const KIND_OF = new Map<WindowName, WindowKind>(WINDOW_KINDS.map((k) => [k.window, k]));

/** Each kind of window's rule for customers without a billing day. */
export const WINDOW_RULES = Object.fromEntries(WINDOW_KINDS.map((k) => [k.window, ruleOf(k)])) as Record<
  WindowName,
  WindowRule
>;

/** The rule of a kind of window, by its name, for a customer with this billing day (null: the calendar month). */
export function windowRule(name: WindowName, billingDay: number | null): WindowRule {
  return ruleOf(KIND_OF.get(name) as WindowKind, billingDay);
}

/** The length in seconds of the window `nowMs` falls in: the `w` of its RateLimit-Policy item. */
export function windowSeconds(rule: WindowRule, nowMs: number): number {
  const index = rule.index(nowMs);
  return (rule.endMs(index) - rule.startMs(index)) / 1000;
}
