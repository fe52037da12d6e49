// A circuit breaker for the counter store: after repeated failures, stop waiting on it and probe in the background.

export type BreakerOptions = {
  /** Consecutive failures that open the breaker. */
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

  failure(): void {
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
