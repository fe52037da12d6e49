// What a check answers when the counter store cannot: the plan's limits, untouched, by this server's clock.
import { count } from "./counting";
import { type CheckOutcome, decide, outcome } from "./decision";
import type { LimitSpec } from "./limits";

/**
 * A fail-open plan lets the request through and says so (`degraded`); the limits shown are the plan's own,
 * as nothing is known of what was used. A cost larger than a limit is still refused: it could never pass.
 */
export function withoutStore(spec: LimitSpec, cost: number, nowMs: number): CheckOutcome {
  return outcome(decide(count(undefined, spec, cost, nowMs, "read"), spec, cost, nowMs));
}

/** Seconds a fail-closed plan tells clients to wait: about when the breaker next asks the store. */
export const STORE_RETRY_AFTER_SECONDS = 1;
