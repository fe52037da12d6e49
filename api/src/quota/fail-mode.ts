// What a check answers when the counter store cannot: by the plan's fail mode, from its limits, untouched, by this
// server's clock.
import { count } from "./counting";
import { type CheckResult, decide, outcome } from "./decision";
import type { LimitSpec, QuotaPolicy } from "./limits";

/**
 * A fail-closed plan refuses (store_unavailable). A fail-open plan lets the request through and says so (degraded);
 * the limits shown are the plan's own, as nothing is known of what was used. A cost larger than a limit is still
 * refused: it could never pass.
 */
export function withoutStore(policy: QuotaPolicy, spec: LimitSpec, cost: number, nowMs: number): CheckResult {
  if (policy.failMode === "closed") return { outcome: "store_unavailable", allowed: false };
  const result = outcome(decide(count(undefined, spec, cost, nowMs, "read"), spec, cost, nowMs), spec);
  return result.allowed ? { ...result, outcome: "degraded", degraded: true } : result;
}

/** Seconds a fail-closed plan tells clients to wait: about when the breaker next asks the store. */
export const STORE_RETRY_AFTER_SECONDS = 1;
