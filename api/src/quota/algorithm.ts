// The counting rules of contract section 5, as pure functions: the memory store runs them, lua/check.lua mirrors them.
import type { LimitSpec } from "./limits";
import type { LimitState, StoreDecision } from "./store";
import { DAY_MS, HOUR_MS } from "./windows";

export { DAY_MS, HOUR_MS };
export const MINUTE_MS = 60_000;

/**
 * The bucket's fill is kept in units of 1/60,000 of a request, so that it drains by exactly `perMinute`
 * units a millisecond: all arithmetic stays in whole numbers below 2^53, in JavaScript and in Lua alike,
 * and every store makes the same decision at the same boundary.
 */
export const UNITS_PER_REQUEST = MINUTE_MS;

/**
 * A window's count as kept: the index of the window it counts in, so a count from an older window reads as 0,
 * and when that window ends, so the state's expiry needs no rule.
 */
export type WindowCount = { index: number; count: number; endMs: number };

/**
 * A subject's counters: the bucket's fill and when it was last updated, and each window's count by its index
 * field, as Redis keeps them: a window added to or dropped from a spec leaves the others alone, and rules that
 * share fields (a month from another billing day) share the count, in memory as in Redis.
 */
export type CounterState = {
  level: number;
  updatedMs: number;
  windows: Readonly<Record<string, WindowCount>>;
};

const EMPTY: CounterState = { level: 0, updatedMs: 0, windows: {} };

/** The bucket's fill now: what it held, less what drained since, never below empty. No timers: worked out on use. */
function drained(state: CounterState, perMinute: number, nowMs: number): number {
  const elapsed = Math.max(0, nowMs - state.updatedMs);
  const drain = elapsed * perMinute;
  return drain >= state.level ? 0 : state.level - drain;
}

/** What a check decided, and the counters after it: a denial leaves them as they were. `counts` follow spec.windows. */
export type Counted = { allowed: boolean; level: number; counts: number[] };

/**
 * Decides `cost` at `nowMs`: allowed only when every limit fits, and then (with `consume`) `cost` is taken from
 * each. lua/check.lua makes exactly this decision in Redis and returns the same numbers.
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
  let allowed = spec.capacity === null || level + cost * UNITS_PER_REQUEST <= spec.capacity * UNITS_PER_REQUEST;
  const counts: number[] = [];
  for (const w of spec.windows) {
    const kept = s.windows[w.rule.fields[0]];
    const n = kept !== undefined && kept.index === w.rule.index(nowMs) ? kept.count : 0;
    if (w.size !== null && n + cost > w.size) allowed = false;
    counts.push(n);
  }
  if (allowed && consume) {
    level += cost * UNITS_PER_REQUEST;
    for (let i = 0; i < counts.length; i++) counts[i] = (counts[i] as number) + cost;
  }
  return { allowed, level, counts };
}

/**
 * Every limit as a check reports it, from what the check decided. Every store reports through this one
 * function, so their answers can only differ in the decision itself. When allowed every limit fitted (wait 0);
 * when denied the counts are those the check met, so whether each limit fits is worked out again from them.
 */
export function report(counted: Counted, spec: LimitSpec, cost: number, nowMs: number): StoreDecision {
  const { allowed, level, counts } = counted;
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
  for (let i = 0; i < spec.windows.length; i++) {
    const { name, size, rule } = spec.windows[i] as LimitSpec["windows"][number];
    if (size === null) continue;
    const n = counts[i] as number;
    // A window frees up when it ends.
    const resetMs = rule.endMs(rule.index(nowMs));
    const fits = allowed || n + cost <= size;
    limits.push({
      name,
      limit: size,
      remaining: Math.max(0, size - n),
      resetMs,
      waitMs: cost > size ? null : fits ? 0 : resetMs - nowMs,
    });
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
  let next: CounterState | null = null;
  if (counted.allowed && consume) {
    // Windows the spec does not name keep their counts, as the fields of a Redis hash do.
    const windows: Record<string, WindowCount> = { ...current?.windows };
    spec.windows.forEach((w, i) => {
      const index = w.rule.index(nowMs);
      windows[w.rule.fields[0]] = { index, count: counted.counts[i] as number, endMs: w.rule.endMs(index) };
    });
    next = { level: counted.level, updatedMs: nowMs, windows };
  }
  return { decision: report(counted, spec, cost, nowMs), next };
}

/** When a state holds nothing any more: the bucket has drained and every window it counts in has ended. */
export function stateExpiresAt(state: CounterState, spec: LimitSpec): number {
  let end = spec.perMinute === null ? 0 : state.updatedMs + Math.ceil(state.level / spec.perMinute);
  for (const field in state.windows) end = Math.max(end, (state.windows[field] as WindowCount).endMs);
  return end;
}
