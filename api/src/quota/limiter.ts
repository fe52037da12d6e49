// The quota layer's one door: check, usage, history, reset and close. Behind it stay the deny cache and the flush
// of the denials it answered; the store, its batcher and its budget are reached only through it.
import type { Metrics } from "../metrics";
import { type Schedule, timerSchedule } from "../schedule";
import { type CheckOutcome, type LimitEntry, limitEntries, outcome } from "./decision";
import { DenyCache } from "./deny-cache";
import { exceedsSize, type QuotaPolicy } from "./limits";
import type { CounterStore, HistoryPoint } from "./store";

// Denials answered from memory reach the store's history in one call per subject per second, not one per request.
const FLUSH_EVERY_MS = 1000;

/** What the rest of the service sees of quotas. `refund` joins these with POST /v1/refund (issue 17). */
export type Limiter = {
  /** The check of contract section 5: the deny cache first, then one store call that decides every limit. */
  check(subject: string, policy: QuotaPolicy, cost: number): Promise<CheckOutcome>;
  /** Where every limit of the subject stands, consuming nothing. */
  usage(subject: string, policy: QuotaPolicy): Promise<LimitEntry[]>;
  /** Allowed and denied checks per minute, oldest first, denials answered from memory included once flushed. */
  history(subject: string, minutes: number): Promise<HistoryPoint[]>;
  /** Every limit of the subject starts afresh, and a denial remembered for it is forgotten. */
  reset(subject: string): Promise<void>;
  /** Stops the flushing and writes what is still pending, so a shutdown loses no denial from the history. */
  close(): Promise<void>;
};

export type LimiterOptions = {
  metrics: Metrics;
  /** The source of Retry-After jitter. */
  random?: () => number;
  /** Where the flush of remembered denials runs: timers on Node (the default), requests on a Worker. */
  schedule?: Schedule;
  /** This process's clock (ms), for how long a denial is remembered. */
  now?: () => number;
  /** Subscribes to this server's config changes: remembered denials are forgotten at once when one happens. */
  onConfigChange?: (listener: () => void) => void;
};

export function createLimiter(
  store: CounterStore,
  { metrics, random = Math.random, schedule = timerSchedule, now, onConfigChange }: LimiterOptions,
): Limiter {
  // Denials are remembered until their retry time, so a flood from one denied subject never reaches the store.
  const denials = new DenyCache({ now });
  onConfigChange?.(() => denials.clear());
  const unrecorded = new Map<string, number>();

  async function flush(): Promise<void> {
    const batch = [...unrecorded];
    unrecorded.clear();
    await Promise.all(batch.map(([subject, count]) => store.recordDenials(subject, count).catch(() => {})));
  }
  const stopFlushing = schedule(FLUSH_EVERY_MS, flush);

  return {
    async check(subject, policy, cost) {
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

    usage: async (subject, policy) => limitEntries(await store.usage(subject, policy.spec), policy.perMinute),

    history: (subject, minutes) => store.history(subject, minutes),

    async reset(subject) {
      await store.reset(subject);
      denials.delete(subject);
    },

    async close() {
      stopFlushing();
      await flush();
    },
  };
}
