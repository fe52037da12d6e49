// The time budget of store calls (STORE_TIMEOUT_MS) with one timer instead of one per call: every call has the
// same budget, so calls run out in the order they started and only the oldest one still waiting needs a timer.

export type Waiting = { deadline: number; expire: () => void; settled: boolean };

export class Budget {
  #waiting: Waiting[] = [];
  #oldest = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly ms: number) {}

  /** Starts a call's budget: `expire` runs once it has run out, unless `settle` came first. */
  start(expire: () => void): Waiting {
    const waiting: Waiting = { deadline: performance.now() + this.ms, expire, settled: false };
    this.#waiting.push(waiting);
    this.#timer ??= setTimeout(() => this.#expire(), this.ms);
    return waiting;
  }

  /** Calls still waiting, and answered ones not yet dropped. */
  get size(): number {
    return this.#waiting.length - this.#oldest;
  }

  /** The call answered: it no longer runs out. */
  settle(waiting: Waiting): void {
    waiting.settled = true;
    this.#dropSettled();
  }

  // Calls mostly answer in the order they were sent, so the front of the list empties as they do.
  #dropSettled(): void {
    while (this.#oldest < this.#waiting.length && (this.#waiting[this.#oldest] as Waiting).settled) this.#oldest++;
    if (this.#oldest === this.#waiting.length) {
      this.#waiting = [];
      this.#oldest = 0;
    } else if (this.#oldest > 1024) {
      this.#waiting = this.#waiting.slice(this.#oldest);
      this.#oldest = 0;
    }
  }

  #expire(): void {
    const now = performance.now();
    for (const waiting of this.#waiting.slice(this.#oldest)) {
      if (waiting.deadline > now) break;
      if (!waiting.settled) {
        waiting.settled = true;
        waiting.expire();
      }
    }
    this.#dropSettled();
    const next = this.#waiting[this.#oldest];
    this.#timer = next ? setTimeout(() => this.#expire(), Math.max(0, next.deadline - now)) : undefined;
  }
}
