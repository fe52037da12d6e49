// The decision of a check: from what a store counted to where every limit stands (decide), and from that to the
// result of contract section 5 (outcome): the limits as the client sees them, the most constraining, the retry time.

import type { LimitEntry } from "../domain/check-response";
import { type Counts, type Crossing, UNITS_PER_REQUEST } from "./counting";
import type { LimitName, LimitPart, LimitSpec } from "./limits";

export type { LimitEntry };

/** One limit as a store sees it after a check or a read: all times in the store's own clock (ms). */
export type LimitState = {
  name: LimitName;
  limit: number;
  remaining: number;
  /** When the bucket is full again, or when the window ends. */
  resetMs: number;
  /** How long until this limit lets the same cost through: 0 when it does now, null when it never can. */
  waitMs: number | null;
  /** A bucket's refill rate, per minute. */
  perMinute?: number;
  /** In a read of usage: units of it that servers hold as shares (contract section 12), when there are any. */
  held?: number;
};

/**
 * A window limit's use reaching one of the plan's alert thresholds in this call (contract section 13): recorded by the
 * store in the same step, once per threshold, window and subject. Times in the store's clock (ms).
 */
export type ThresholdCrossing = {
  limit: LimitName;
  threshold: number;
  /** The window's use after the call, and its size. */
  used: number;
  size: number;
  windowStartMs: number;
  windowEndMs: number;
};

/** What a store decided: allowed or not, by its clock, and where every limit stands after it. */
export type Decision = {
  allowed: boolean;
  /** The store's clock when it decided, so every API server agrees on time (Redis TIME). */
  nowMs: number;
  limits: LimitState[];
  /** The alert thresholds this call reached, when it reached any. */
  crossings?: ThresholdCrossing[];
  /**
   * A denial while reservations of the subject may still be settled: until when (ms). A settle may give back before
   * the denial's wait is over, on any server, so it is remembered only briefly.
   */
  settlingUntilMs?: number;
  /**
   * A denial while servers hold units of the subject's limits as shares (contract section 12): what they do not spend
   * goes back within about a second, on any server, so it is remembered only briefly too.
   */
  sharesHeld?: true;
};

/** The bucket's entry of one part. */
function bucketState(
  part: LimitPart,
  fill: number,
  held: number,
  allowed: boolean,
  cost: number,
  nowMs: number,
): LimitState {
  const capacity = part.capacity as number;
  const perMinute = part.perMinute as number;
  const capacityUnits = capacity * UNITS_PER_REQUEST;
  // Units held as shares take room in the bucket as if they were in it.
  const level = fill + held * UNITS_PER_REQUEST;
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
 * The longest a denial by requests in flight asks a client to wait: a lease may end at any moment (released), so the
 * wait is until the first held lease would end by itself, but no longer than this (contract section 14).
 */
export const CONCURRENT_RETRY_MS = 3000;

/**
 * A part's leases as a limit: `remaining` the slots free, `reset` when the first held lease ends when they are all
 * held (else now: there is room). A check that found none free waits for that, at most CONCURRENT_RETRY_MS.
 */
function concurrentState(part: LimitPart, counted: Counts, p: number, allowed: boolean, nowMs: number): LimitState {
  const limit = part.concurrent as number;
  const inFlight = counted.inFlight[p] as number;
  const freeAtMs = counted.freeAtMs[p] as number;
  const resetMs = freeAtMs > 0 ? freeAtMs : nowMs;
  const fits = allowed || inFlight < limit;
  return {
    name: `${part.prefix}concurrent`,
    limit,
    remaining: Math.max(0, limit - inFlight),
    resetMs,
    waitMs: fits ? 0 : Math.max(1, Math.min(CONCURRENT_RETRY_MS, resetMs - nowMs)),
  };
}

/**
 * The decision, from what a store counted: every limit as a check reports it. Every store decides through this one
 * function (the memory store from count(), the Redis stores from check.lua's reply), so their answers can only differ
 * in what they counted. When allowed every limit fitted (wait 0);
 * when denied the counts are those the check met, so whether each limit fits is worked out again from them. A read
 * of usage (`withHeld`) also says what servers hold of each limit.
 */
export function decide(counted: Counts, spec: LimitSpec, cost: number, nowMs: number, withHeld = false): Decision {
  const { allowed, levels, counts } = counted;
  const limits: LimitState[] = [];
  let at = 0;
  for (let p = 0; p < spec.parts.length; p++) {
    const part = spec.parts[p] as LimitPart;
    const first = limits.length;
    if (part.capacity !== null && part.perMinute !== null) {
      limits.push(bucketState(part, levels[p] as number, counted.held[p] as number, allowed, cost, nowMs));
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
    const held = counted.held[p] as number;
    if (withHeld && held > 0) for (let i = first; i < limits.length; i++) (limits[i] as LimitState).held = held;
    if (part.concurrent != null) limits.push(concurrentState(part, counted, p, allowed, nowMs));
  }
  const decision: Decision = { allowed, nowMs, limits };
  if (counted.settlingUntilMs !== undefined) decision.settlingUntilMs = counted.settlingUntilMs;
  else if (counted.crossings) decision.crossings = crossingsOf(counted.crossings, counted.counts, spec, nowMs);
  if (!allowed && counted.held.some((units) => units > 0)) decision.sharesHeld = true;
  return decision;
}

/** The crossings a store counted (by each window's place in the spec) with the names and times of their windows. */
function crossingsOf(
  crossings: readonly Crossing[],
  counts: readonly number[],
  spec: LimitSpec,
  nowMs: number,
): ThresholdCrossing[] {
  const windows = spec.parts.flatMap((part) => part.windows.map((w) => ({ prefix: part.prefix, w })));
  return crossings.map(({ at, threshold }) => {
    const { prefix, w } = windows[at] as (typeof windows)[number];
    const index = w.rule.index(nowMs);
    return {
      limit: prefix + w.name,
      threshold,
      used: counts[at] as number,
      size: w.size as number,
      windowStartMs: w.rule.startMs(index),
      windowEndMs: w.rule.endMs(index),
    };
  });
}

/**
 * What a check answers, from the limiter's door to the HTTP answer (check/answer.ts writes the body and headers of
 * contract section 5 from it): allowed or denied by the limits, degraded (the store did not answer and the plan fails
 * open: let through, counted nowhere), or store_unavailable (and the plan fails closed).
 */
export type CheckResult = Decided | { outcome: "store_unavailable"; allowed: false };

/** A check that was decided, by the store, by what this server holds, or by the fail mode: every limit as it stands. */
export type Decided = {
  outcome: "allowed" | "denied" | "degraded";
  /** Whether the request may go ahead: allowed, degraded, or denied by a shadow plan, which never denies. */
  allowed: boolean;
  /** True when a shadow plan would have denied this request. */
  shadow: boolean;
  /**
   * Decided without the store: let through by a plan failing open (outcome "degraded"), or allowed or denied by this
   * server alone for a plan failing local.
   */
  degraded: boolean;
  /** The store's clock at the decision, in ms. */
  nowMs: number;
  top: LimitEntry;
  /**
   * Ms until more of `top` is available (RateLimit's t): a window's end, a bucket's next whole request (0 when it is
   * full), the first lease's end.
   */
  moreInMs: number;
  /** Seconds until the same request could pass, with jitter; null when it never can; undefined when allowed. */
  retryAfter: number | null | undefined;
  /** The true wait in ms (no jitter), for the deny cache; null when the request can never pass. */
  waitMs: number | null;
  limits: LimitEntry[];
  /** The limits the check was held to: its RateLimit-Policy header is made from them. */
  spec: LimitSpec;
  /** The alert thresholds the check's use reached, recorded with it by the store (contract section 13). */
  crossings?: ThresholdCrossing[];
  /** The lease the check took (contract section 14): its id as clients hold it, and when it ends (ms). */
  lease?: { id: string; expiresAtMs: number };
};

/** Whether a limit's entry is a `concurrent` limit (requests in flight), the plan's or a resource's. */
export const isInFlight = (name: string) => name === "concurrent" || name.endsWith("/concurrent");

/** Whether a denial was for want of a free lease: a `concurrent` limit had none. */
export const deniedInFlight = (decision: Decision) => decision.limits.some((l) => l.waitMs !== 0 && isInFlight(l.name));

const toSeconds = (ms: number) => Math.ceil(ms / 1000);

export function limitEntries(decision: Decision): LimitEntry[] {
  return decision.limits.map((l) => {
    const entry: LimitEntry = { name: l.name, limit: l.limit, remaining: l.remaining, reset: toSeconds(l.resetMs) };
    if (l.perMinute !== undefined) entry.perMinute = l.perMinute;
    if (l.held) entry.held = l.held;
    return entry;
  });
}

/**
 * Denied: the limit that frees up last (one that never will beats all). Allowed: the least remaining, and of equals
 * the one that has more last, since more is available only when every limit has it: a bucket of 3 and an hour of 3
 * both spent point the client at the hour's end, not at the bucket's next drip 20 s away. First wins other ties.
 */
function mostConstraining(limits: LimitState[], allowed: boolean, nowMs: number): number {
  let best = 0;
  for (let i = 1; i < limits.length; i++) {
    const a = limits[i] as LimitState;
    const b = limits[best] as LimitState;
    const wins = allowed
      ? a.remaining < b.remaining || (a.remaining === b.remaining && untilMore(a, nowMs) > untilMore(b, nowMs))
      : b.waitMs !== null && (a.waitMs === null || a.waitMs > b.waitMs);
    if (wins) best = i;
  }
  return best;
}

/**
 * How long until more of a limit is available: a window when it ends; a bucket when its next whole request has
 * dripped back (it is full again at resetMs, one request every 60,000 / perMinute ms before that), none when full;
 * leases in flight when the first ends (resetMs).
 */
function untilMore(limit: LimitState, nowMs: number): number {
  const untilReset = Math.max(0, limit.resetMs - nowMs);
  if (limit.perMinute === undefined) return untilReset;
  if (limit.remaining >= limit.limit) return 0;
  return Math.max(0, untilReset - ((limit.limit - limit.remaining - 1) * 60_000) / limit.perMinute);
}

/**
 * Retry-After per contract section 5: ceil(wait) + j seconds, j a random whole number from 0 to
 * max(1, ceil(wait / 10)), so that rejected clients do not all come back in the same second.
 */
export function retryAfterSeconds(waitMs: number, random: () => number = Math.random): number {
  const wait = toSeconds(waitMs);
  const spread = Math.max(1, Math.ceil(waitMs / 10_000));
  return wait + Math.floor(random() * (spread + 1));
}

/**
 * The decision as a check's result: allowed or denied by its limits. `remainingWaitMs` replaces the decision's own
 * wait when it was remembered and time has passed since.
 */
export function outcome(decision: Decision, spec: LimitSpec, random?: () => number, remainingWaitMs?: number): Decided {
  const limits = limitEntries(decision);
  const { nowMs } = decision;
  const at = mostConstraining(decision.limits, decision.allowed, nowMs);
  const top = limits[at] as LimitEntry;
  const moreInMs = untilMore(decision.limits[at] as LimitState, nowMs);
  if (decision.allowed) {
    const allowed: Decided = {
      outcome: "allowed",
      allowed: true,
      shadow: false,
      degraded: false,
      nowMs,
      top,
      moreInMs,
      retryAfter: undefined,
      waitMs: 0,
      limits,
      spec,
    };
    if (decision.crossings) allowed.crossings = decision.crossings;
    return allowed;
  }
  let waitMs: number | null = 0;
  for (const l of decision.limits) {
    if (l.waitMs === null) waitMs = null;
    else if (waitMs !== null && l.waitMs > waitMs) waitMs = l.waitMs;
  }
  if (remainingWaitMs !== undefined) waitMs = remainingWaitMs;
  return {
    outcome: "denied",
    allowed: false,
    shadow: false,
    degraded: false,
    nowMs,
    top,
    moreInMs,
    retryAfter: waitMs === null ? null : retryAfterSeconds(waitMs, random),
    waitMs,
    limits,
    spec,
  };
}
