// The check itself: the deny cache first, then one store call, then the answer of contract section 5.
import type { Metrics } from "../metrics";
import { type Schedule, timerSchedule } from "../schedule";
import { type CheckOutcome, outcome } from "./decision";
import type { DenyCache } from "./deny-cache";
import { exceedsSize, type QuotaPolicy } from "./limits";
import type { CounterStore } from "./store";

// Denials answered from memory reach the store's history in one call per subject per second, not one per request.
const FLUSH_EVERY_MS = 1000;

export function createLimiter(
  store: CounterStore,
  denials: DenyCache,
  metrics: Metrics,
  random: () => number = Math.random,
  schedule: Schedule = timerSchedule,
) {
  const unrecorded = new Map<string, number>();

  async function flush(): Promise<void> {
    const batch = [...unrecorded];
    unrecorded.clear();
    await Promise.all(batch.map(([subject, count]) => store.recordDenials(subject, count).catch(() => {})));
  }
  const stopFlushing = schedule(FLUSH_EVERY_MS, flush);

  return {
    async check(subject: string, policy: QuotaPolicy, cost: number): Promise<CheckOutcome> {
      // A cost no limit can ever hold is answered by the store as "never", not with a remembered retry time.
      const remembered = exceedsSize(policy.spec, cost) ? undefined : denials.get(subject, cost);
      if (remembered) {
        metrics.denyCacheHit();
        unrecorded.set(subject, (unrecorded.get(subject) ?? 0) + 1);
        return outcome(remembered.decision, policy.perMinute, random, remembered.waitMs);
      }
      const decision = await store.check(subject, policy.spec, cost);
      const result = outcome(decision, policy.perMinute, random);
      // A request that can never pass (waitMs null) depends on no state, so there is nothing to wait for.
      if (!result.allowed && result.waitMs !== null) denials.set(subject, cost, result.waitMs, decision);
      return result;
    },

    /** Stops the flushing and writes what is still pending, so a shutdown loses no denial from the history. */
    async close(): Promise<void> {
      stopFlushing();
      await flush();
    },
  };
}

export type Limiter = ReturnType<typeof createLimiter>;
