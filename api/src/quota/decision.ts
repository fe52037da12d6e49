// From a store's decision to the answer of contract section 5: the most constraining limit and the retry time.
import type { LimitName } from "./limits";
import type { LimitState, StoreDecision } from "./store";

export type LimitEntry = {
  name: LimitName;
  limit: number;
  remaining: number;
  reset: number;
  perMinute?: number;
  /** Usage only, when servers hold a share of this limit (contract section 12): units taken, not yet spent or given back. */
  held?: number;
};

export type CheckOutcome = {
  allowed: boolean;
  /** The store's clock at the decision, in ms. */
  nowMs: number;
  top: LimitEntry;
  /** Seconds until the same request could pass, with jitter; null when it never can; undefined when allowed. */
  retryAfter: number | null | undefined;
  /** The true wait in ms (no jitter), for the deny cache; null when the request can never pass. */
  waitMs: number | null;
  limits: LimitEntry[];
};

const toSeconds = (ms: number) => Math.ceil(ms / 1000);

export function limitEntries(decision: StoreDecision): LimitEntry[] {
  return decision.limits.map((l) => {
    const entry: LimitEntry = { name: l.name, limit: l.limit, remaining: l.remaining, reset: toSeconds(l.resetMs) };
    if (l.perMinute !== undefined) entry.perMinute = l.perMinute;
    if (l.held) entry.held = l.held;
    return entry;
  });
}

/** Denied: the limit that frees up last (one that never will beats all). Allowed: the least remaining. First wins ties. */
function mostConstraining(limits: LimitState[], allowed: boolean): number {
  let best = 0;
  for (let i = 1; i < limits.length; i++) {
    const a = limits[i] as LimitState;
    const b = limits[best] as LimitState;
    if (allowed ? a.remaining < b.remaining : b.waitMs !== null && (a.waitMs === null || a.waitMs > b.waitMs)) best = i;
  }
  return best;
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

/** `remainingWaitMs` replaces the decision's own wait when it was remembered and time has passed since. */
export function outcome(decision: StoreDecision, random?: () => number, remainingWaitMs?: number): CheckOutcome {
  const limits = limitEntries(decision);
  const top = limits[mostConstraining(decision.limits, decision.allowed)] as LimitEntry;
  const { nowMs } = decision;
  if (decision.allowed) return { allowed: true, nowMs, top, retryAfter: undefined, waitMs: 0, limits };
  let waitMs: number | null = 0;
  for (const l of decision.limits) {
    if (l.waitMs === null) waitMs = null;
    else if (waitMs !== null && l.waitMs > waitMs) waitMs = l.waitMs;
  }
  if (remainingWaitMs !== undefined) waitMs = remainingWaitMs;
  return {
    allowed: false,
    nowMs,
    top,
    retryAfter: waitMs === null ? null : retryAfterSeconds(waitMs, random),
    waitMs,
    limits,
  };
}
