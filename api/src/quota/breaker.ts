// A circuit breaker for the counter store: after repeated failures, stop waiting on it and probe in the background.

export type BreakerOptions = {
  /** Failures in a row that open the breaker (calls that were in flight together count as one). */
  failures?: number;
  /** How often the background probe asks the store whether it is back. */
  probeEveryMs?: number;
  /** Resolves when the store answers; the breaker closes on the first success. */
  probe: () => Promise<unknown>;
  onOpen?: () => void;
  onClose?: () => void;
};

export class Breaker {
  #failures = 0;
  #lastCounted = Number.NEGATIVE_INFINITY;
  #open = false;
  #probing: ReturnType<typeof setTimeout> | undefined;
  readonly #options: Required<Omit<BreakerOptions, "onOpen" | "onClose">> & Pick<BreakerOptions, "onOpen" | "onClose">;

  constructor(options: BreakerOptions) {
    this.#options = { failures: 3, probeEveryMs: 250, ...options };
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

  /** One probe at a time, at a steady pace: never a storm of reconnects. */
  #scheduleProbe(): void {
    this.#probing = setTimeout(async () => {
      try {
        await this.#options.probe();
        this.#open = false;
        this.#failures = 0;
        this.#probing = undefined;
        this.#options.onClose?.();
      } catch {
        this.#scheduleProbe();
      }
    }, this.#options.probeEveryMs);
    this.#probing.unref();
  }

  stop(): void {
    clearTimeout(this.#probing);
  }
}
