// The counting rules of contract section 5, as pure functions: the memory store runs them, lua/check.lua mirrors them.
import type { LimitSpec } from "./limits";
import type { LimitState, StoreDecision } from "./store";

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * The bucket's fill is kept in units of 1/60,000 of a request, so that it drains by exactly `perMinute`
 * units a millisecond: all arithmetic stays in whole numbers below 2^53, in JavaScript and in Lua alike,
 * and every store makes the same decision at the same boundary.
 */
export const UNITS_PER_REQUEST = MINUTE_MS;

/** A subject's counters: the bucket's fill and when it was last updated, and each window's index and count. */
export type CounterState = {
  level: number;
  updatedMs: number;
  hourIndex: number;
  hourCount: number;
  dayIndex: number;
  dayCount: number;
};

const EMPTY: CounterState = { level: 0, updatedMs: 0, hourIndex: -1, hourCount: 0, dayIndex: -1, dayCount: 0 };

/** The bucket's fill now: what it held, less what drained since, never below empty. No timers: worked out on use. */
function drained(state: CounterState, perMinute: number, nowMs: number): number {
  const elapsed = Math.max(0, nowMs - state.updatedMs);
  const drain = elapsed * perMinute;
  return drain >= state.level ? 0 : state.level - drain;
}

/**
 * Evaluates every limit for `cost` at `nowMs`. Allowed only when every limit fits; then `cost` is taken from
 * each (`next` is the state to keep). Denied: nothing is taken and `next` is null. With `consume` false it
 * only reports, as a usage read does.
 */
export function evaluate(
  current: CounterState | undefined,
  spec: LimitSpec,
  cost: number,
  nowMs: number,
  consume = true,
): { decision: StoreDecision; next: CounterState | null } {
  const state = current ?? EMPTY;
  const hourIndex = Math.floor(nowMs / HOUR_MS);
  const dayIndex = Math.floor(nowMs / DAY_MS);
  let level = spec.perMinute === null ? 0 : drained(state, spec.perMinute, nowMs);
  let hourCount = state.hourIndex === hourIndex ? state.hourCount : 0;
  let dayCount = state.dayIndex === dayIndex ? state.dayCount : 0;

  const costUnits = cost * UNITS_PER_REQUEST;
  const bucketFits = spec.capacity === null || level + costUnits <= spec.capacity * UNITS_PER_REQUEST;
  const hourFits = spec.hour === null || hourCount + cost <= spec.hour;
  const dayFits = spec.day === null || dayCount + cost <= spec.day;
  const allowed = bucketFits && hourFits && dayFits;
  if (allowed && consume) {
    level += costUnits;
    hourCount += cost;
    dayCount += cost;
  }

  const limits: LimitState[] = [];
  if (spec.capacity !== null && spec.perMinute !== null) {
    const capacityUnits = spec.capacity * UNITS_PER_REQUEST;
    limits.push({
      name: "burst",
      limit: spec.capacity,
      remaining: Math.max(0, Math.floor((capacityUnits - level) / UNITS_PER_REQUEST)),
      resetMs: nowMs + Math.ceil(level / spec.perMinute),
      waitMs:
        cost > spec.capacity ? null : bucketFits ? 0 : Math.ceil((level + costUnits - capacityUnits) / spec.perMinute),
    });
  }
  if (spec.hour !== null)
    limits.push(windowState("hour", spec.hour, hourCount, hourIndex, HOUR_MS, cost, hourFits, nowMs));
  if (spec.day !== null) limits.push(windowState("day", spec.day, dayCount, dayIndex, DAY_MS, cost, dayFits, nowMs));

  const next = allowed && consume ? { level, updatedMs: nowMs, hourIndex, hourCount, dayIndex, dayCount } : null;
  return { decision: { allowed, nowMs, limits }, next };
}

/** A fixed window as a check reports it: it frees up when the window ends. */
function windowState(
  name: "hour" | "day",
  limit: number,
  count: number,
  index: number,
  periodMs: number,
  cost: number,
  fits: boolean,
  nowMs: number,
): LimitState {
  const resetMs = (index + 1) * periodMs;
  return {
    name,
    limit,
    remaining: Math.max(0, limit - count),
    resetMs,
    waitMs: cost > limit ? null : fits ? 0 : resetMs - nowMs,
  };
}

/** When a state holds nothing any more: the bucket has drained and both windows have ended. */
export function stateExpiresAt(state: CounterState, spec: LimitSpec): number {
  const bucketEmpty = spec.perMinute === null ? 0 : state.updatedMs + Math.ceil(state.level / spec.perMinute);
  return Math.max(bucketEmpty, (state.hourIndex + 1) * HOUR_MS, (state.dayIndex + 1) * DAY_MS);
}
