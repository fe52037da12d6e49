// When a failed delivery is tried again (contract section 13): about 5 s, 30 s, 2 min, 10 min, 1 h, 4 h, then every
// 8 h, each with full jitter, for 3 days; then it has failed.

export const RETRY_STEPS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000, 14_400_000, 28_800_000];

export const GIVE_UP_AFTER_MS = 3 * 24 * 3_600_000;

export type Backoff = {
  /** The steps, the last repeating; tests pass short ones. */
  stepsMs: number[];
  giveUpAfterMs: number;
  /** Uniform in [0, 1). */
  random: () => number;
};

/**
 * When a delivery made at `createdAt` and failed for the `attempts`-th time at `now` is next tried, or null when it
 * has failed for good. Full jitter, uniform over [0, 2 × step): on average the contract's step, and the deliveries
 * of a receiver that was down for a while come back spread over the whole interval rather than in one wave. The last
 * try falls on the 3-day mark.
 */
export function nextAttempt(createdAt: number, attempts: number, now: number, backoff: Backoff): number | null {
  const deadline = createdAt + backoff.giveUpAfterMs;
  if (now >= deadline) return null;
  const steps = backoff.stepsMs;
  const step = steps[Math.min(attempts, steps.length) - 1] ?? steps[0] ?? 0;
  return Math.min(now + Math.floor(backoff.random() * 2 * step), deadline);
}
