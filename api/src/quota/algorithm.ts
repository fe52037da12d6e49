// The counting rules of contract section 5, as pure functions: the memory store runs them, lua/check.lua mirrors them.
import type { LimitPart, LimitSpec } from "./limits";
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

/** A bucket's fill and when it was last worked out. */
export type BucketState = { level: number; updatedMs: number };

/**
 * A subject's counters as Redis keeps them, by field name under each part's prefix: each part's bucket, and each
 * window's count by its index field. A window added to or dropped from a spec leaves the others alone, and rules
 * that share fields (a month from another billing day) share the count, in memory as in Redis.
 */
export type CounterState = {
  buckets: Readonly<Record<string, BucketState>>;
  windows: Readonly<Record<string, WindowCount>>;
};

/** What a call does: decide and take (a check), only read (usage), or give back (a refund). */
export type Mode = "check" | "read" | "refund";

const EMPTY: CounterState = { buckets: {}, windows: {} };

/** The bucket's fill now: what it held, less what drained since, never below empty. No timers: worked out on use. */
function drained(bucket: BucketState | undefined, perMinute: number, nowMs: number): number {
  if (!bucket) return 0;
  const elapsed = Math.max(0, nowMs - bucket.updatedMs);
  const drain = elapsed * perMinute;
  return drain >= bucket.level ? 0 : bucket.level - drain;
}

/**
 * What a call decided, and the counters after it: a denial leaves them as they were. `levels` follow the spec's
 * parts and `counts` their windows, part after part.
 */
export type Counted = { allowed: boolean; levels: number[]; counts: number[] };

/**
 * Decides `cost` at `nowMs`: allowed only when every limit of every part fits, and then (a check) `cost` is taken
 * from each; a refund gives `cost` back to each, never below empty. lua/check.lua makes exactly this decision in
 * Redis and returns the same numbers.
 */
export function count(
  state: CounterState | undefined,
  spec: LimitSpec,
  cost: number,
  nowMs: number,
  mode: Mode,
): Counted {
  const s = state ?? EMPTY;
  let allowed = true;
  const levels: number[] = [];
  const counts: number[] = [];
  for (const part of spec.parts) {
    const level = part.perMinute === null ? 0 : drained(s.buckets[part.prefix], part.perMinute, nowMs);
    if (part.capacity !== null && level + cost * UNITS_PER_REQUEST > part.capacity * UNITS_PER_REQUEST) allowed = false;
    levels.push(level);
    for (const w of part.windows) {
      const kept = s.windows[part.prefix === "" ? w.rule.fields[0] : part.prefix + w.rule.fields[0]];
      const n = kept !== undefined && kept.index === w.rule.index(nowMs) ? kept.count : 0;
      if (w.size !== null && n + cost > w.size) allowed = false;
      counts.push(n);
    }
  }
  if (mode === "refund") {
    for (let i = 0; i < levels.length; i++) levels[i] = Math.max(0, (levels[i] as number) - cost * UNITS_PER_REQUEST);
    for (let i = 0; i < counts.length; i++) counts[i] = Math.max(0, (counts[i] as number) - cost);
    return { allowed: true, levels, counts };
  }
  if (allowed && mode === "check") {
    for (let i = 0; i < levels.length; i++) levels[i] = (levels[i] as number) + cost * UNITS_PER_REQUEST;
    for (let i = 0; i < counts.length; i++) counts[i] = (counts[i] as number) + cost;
  }
  return { allowed, levels, counts };
}

/** The bucket's entry of one part. */
function bucketState(part: LimitPart, level: number, allowed: boolean, cost: number, nowMs: number): LimitState {
  const capacity = part.capacity as number;
  const perMinute = part.perMinute as number;
  const capacityUnits = capacity * UNITS_PER_REQUEST;
  const costUnits = cost * UNITS_PER_REQUEST;
  const fits = allowed || level + costUnits <= capacityUnits;
  return {
    name: part.prefix === "" ? "burst" : `${part.prefix}burst`,
    limit: capacity,
    remaining: Math.max(0, Math.floor((capacityUnits - level) / UNITS_PER_REQUEST)),
    resetMs: nowMs + Math.ceil(level / perMinute),
    waitMs: cost > capacity ? null : fits ? 0 : Math.ceil((level + costUnits - capacityUnits) / perMinute),
    perMinute,
  };
}

/**
 * Every limit as a check reports it, from what the check decided. Every store reports through this one
 * function, so their answers can only differ in the decision itself. When allowed every limit fitted (wait 0);
 * when denied the counts are those the check met, so whether each limit fits is worked out again from them.
 */
export function report(counted: Counted, spec: LimitSpec, cost: number, nowMs: number): StoreDecision {
  const { allowed, levels, counts } = counted;
  const limits: LimitState[] = [];
  let at = 0;
  for (let p = 0; p < spec.parts.length; p++) {
    const part = spec.parts[p] as LimitPart;
    if (part.capacity !== null && part.perMinute !== null) {
      limits.push(bucketState(part, levels[p] as number, allowed, cost, nowMs));
    }
    for (const { name, size, rule } of part.windows) {
      const n = counts[at++] as number;
      if (size === null) continue;
      // A window frees up when it ends.
      const resetMs = rule.endMs(rule.index(nowMs));
      const fits = allowed || n + cost <= size;
      limits.push({
        name: part.prefix === "" ? name : part.prefix + name,
        limit: size,
        remaining: Math.max(0, size - n),
        resetMs,
        waitMs: cost > size ? null : fits ? 0 : resetMs - nowMs,
      });
    }
  }
  return { allowed, nowMs, limits };
}

/** A call in process (the memory store): the decision, its report, and the state to keep when it wrote. */
export function evaluate(
  current: CounterState | undefined,
  spec: LimitSpec,
  cost: number,
  nowMs: number,
  mode: Mode = "check",
): { decision: StoreDecision; next: CounterState | null } {
  const counted = count(current, spec, cost, nowMs, mode);
  let next: CounterState | null = null;
  if ((counted.allowed && mode === "check") || mode === "refund") {
    // Buckets and windows the spec does not name keep their counts, as the fields of a Redis hash do.
    const buckets: Record<string, BucketState> = { ...current?.buckets };
    const windows: Record<string, WindowCount> = { ...current?.windows };
    let at = 0;
    for (let p = 0; p < spec.parts.length; p++) {
      const part = spec.parts[p] as LimitPart;
      buckets[part.prefix] = { level: counted.levels[p] as number, updatedMs: nowMs };
      for (const w of part.windows) {
        const index = w.rule.index(nowMs);
        const field = part.prefix === "" ? w.rule.fields[0] : part.prefix + w.rule.fields[0];
        windows[field] = { index, count: counted.counts[at++] as number, endMs: w.rule.endMs(index) };
      }
    }
    next = { buckets, windows };
  }
  return { decision: report(counted, spec, cost, nowMs), next };
}

/** When a state holds nothing any more: every bucket has drained and every window it counts in has ended. */
export function stateExpiresAt(state: CounterState, spec: LimitSpec): number {
  let end = 0;
  for (const part of spec.parts) {
    const bucket = state.buckets[part.prefix];
    if (bucket && part.perMinute !== null)
      end = Math.max(end, bucket.updatedMs + Math.ceil(bucket.level / part.perMinute));
  }
  for (const field in state.windows) end = Math.max(end, (state.windows[field] as WindowCount).endMs);
  return end;
}
