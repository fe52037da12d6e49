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

/** What a check decided, and the counters after it: a denial leaves them as they were. */
export type Counted = { allowed: boolean; level: number; hourCount: number; dayCount: number };

/**
 * Decides `cost` at `nowMs`: allowed only when every limit fits, and then (with `consume`) `cost` is taken from
 * each. lua/check.lua makes exactly this decision in Redis and returns the same four numbers.
 */
export function count(
  state: CounterState | undefined,
  spec: LimitSpec,
  cost: number,
  nowMs: number,
  consume: boolean,
): Counted {
  const s = state ?? EMPTY;
  let level = spec.perMinute === null ? 0 : drained(s, spec.perMinute, nowMs);
  let hourCount = s.hourIndex === Math.floor(nowMs / HOUR_MS) ? s.hourCount : 0;
  let dayCount = s.dayIndex === Math.floor(nowMs / DAY_MS) ? s.dayCount : 0;
  const allowed =
    (spec.capacity === null || level + cost * UNITS_PER_REQUEST <= spec.capacity * UNITS_PER_REQUEST) &&
    (spec.hour === null || hourCount + cost <= spec.hour) &&
    (spec.day === null || dayCount + cost <= spec.day);
  if (allowed && consume) {
    level += cost * UNITS_PER_REQUEST;
    hourCount += cost;
    dayCount += cost;
  }
  return { allowed, level, hourCount, dayCount };
}

/**
 * Every limit as a check reports it, from what the check decided. Every store reports through this one
 * function, so their answers can only differ in the decision itself. When allowed every limit fitted (wait 0);
 * when denied the counts are those the check met, so whether each limit fits is worked out again from them.
 */
export function report(counted: Counted, spec: LimitSpec, cost: number, nowMs: number): StoreDecision {
  const { allowed, level, hourCount, dayCount } = counted;
  const limits: LimitState[] = [];
  if (spec.capacity !== null && spec.perMinute !== null) {
    const capacityUnits = spec.capacity * UNITS_PER_REQUEST;
    const costUnits = cost * UNITS_PER_REQUEST;
    const fits = allowed || level + costUnits <= capacityUnits;
    limits.push({
      name: "burst",
      limit: spec.capacity,
      remaining: Math.max(0, Math.floor((capacityUnits - level) / UNITS_PER_REQUEST)),
      resetMs: nowMs + Math.ceil(level / spec.perMinute),
      waitMs: cost > spec.capacity ? null : fits ? 0 : Math.ceil((level + costUnits - capacityUnits) / spec.perMinute),
    });
  }
  if (spec.hour !== null) {
    const fits = allowed || hourCount + cost <= spec.hour;
    limits.push(windowState("hour", spec.hour, hourCount, Math.floor(nowMs / HOUR_MS), HOUR_MS, cost, fits, nowMs));
  }
  if (spec.day !== null) {
    const fits = allowed || dayCount + cost <= spec.day;
    limits.push(windowState("day", spec.day, dayCount, Math.floor(nowMs / DAY_MS), DAY_MS, cost, fits, nowMs));
  }
  return { allowed, nowMs, limits };
}

/** A check in process (the memory store): the decision, its report, and the state to keep when it consumed. */
export function evaluate(
  current: CounterState | undefined,
  spec: LimitSpec,
  cost: number,
  nowMs: number,
  consume = true,
): { decision: StoreDecision; next: CounterState | null } {
  const counted = count(current, spec, cost, nowMs, consume);
  const { allowed, level, hourCount, dayCount } = counted;
  const next =
    allowed && consume
      ? {
          level,
          updatedMs: nowMs,
          hourIndex: Math.floor(nowMs / HOUR_MS),
          hourCount,
          dayIndex: Math.floor(nowMs / DAY_MS),
          dayCount,
        }
      : null;
  return { decision: report(counted, spec, cost, nowMs), next };
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
