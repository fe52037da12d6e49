// A circuit breaker for the counter store: after repeated failures, stop waiting on it and probe in the background.
import { type Schedule, timerSchedule } from "../../schedule";

export type BreakerOptions = {
  /** Failures in a row that open the breaker (calls that were in flight together count as one). */
  failures?: number;
  /** How often the background probe asks the store whether it is back. */
  probeEveryMs?: number;
  /** Resolves when the store answers; the breaker closes on the first success. */
  probe: () => Promise<unknown>;
  onOpen?: () => void;
  onClose?: () => void;
  /** Where the probe runs: timers on Node, requests on a Worker. */
  schedule?: Schedule;
};

export class Breaker {
  #failures = 0;
  #lastCounted = Number.NEGATIVE_INFINITY;
  #open = false;
  #stopProbing: (() => void) | undefined;
  readonly #options: Required<Omit<BreakerOptions, "onOpen" | "onClose">> & Pick<BreakerOptions, "onOpen" | "onClose">;

  constructor(options: BreakerOptions) {
    // Options left undefined take the defaults (spread as they are, they would replace them with undefined).
    this.#options = {
      ...options,
      failures: options.failures ?? 3,
      probeEveryMs: options.probeEveryMs ?? 250,
      schedule: options.schedule ?? timerSchedule,
    };
  }

  /** False while open: callers answer at once without asking the store. */
  get closed(): boolean {
    return !this.#open;
  }

  success(): void {
    this.#failures = 0;
  }

  /**
   * A call started at `startedAt` (performance.now()) failed. Calls in flight together when the store stalls fail
   * together: only one started after the last failure counted is another failure in a row. Counted one by one,
   * a single late batch of sixteen checks opened the breaker and turned a moment's delay into 250 ms and more of
   * refusals (issue 15: 17 checks timed out, 349 answered 503).
   */
  failure(startedAt: number): void {
    if (startedAt < this.#lastCounted) return;
    this.#lastCounted = performance.now();
    this.#failures++;
    if (!this.#open && this.#failures >= this.#options.failures) {
      this.#open = true;
      this.#options.onOpen?.();
      this.#scheduleProbe();
    }
  }

  /** One probe at a time (the schedule's rule), at a steady pace: never a storm of reconnects. */
  #scheduleProbe(): void {
    const stop = this.#options.schedule(this.#options.probeEveryMs, async () => {
      if (!this.#open) return;
      try {
        await this.#options.probe();
        stop();
        this.#open = false;
        this.#failures = 0;
        this.#options.onClose?.();
      } catch {
        // Still down: the next turn of the schedule asks again.
      }
    });
    this.#stopProbing = stop;
  }

  stop(): void {
    this.#stopProbing?.();
  }
}
