// The time budget of store calls (STORE_TIMEOUT_MS) with one timer instead of one per call: every call has the
// same budget, so calls run out in the order they started and only the oldest one still waiting needs a timer.
// The budget is the store's, never the server's own busy time (issue 15: 600 concurrent checks over three servers,
// 11-217 answered as degraded though Redis had answered them): it starts when the turn of the event loop that made
// the call ends, which is when a batch of calls leaves, and a call runs out only once the event loop has read its
// sockets after the deadline, since Node runs the timers phase before the poll phase that reads the answers.

export type Waiting = { deadline: number; expire: () => void; settled: boolean };

export class Budget {
  #waiting: Waiting[] = [];
  #oldest = 0;
  // Calls made in this turn, whose budget starts when it ends.
  #starting: Waiting[] = [];
  #armed = false;

  constructor(readonly ms: number) {}

  /** Starts a call's budget: `expire` runs once it has run out, unless `settle` came first. */
  start(expire: () => void): Waiting {
    const waiting: Waiting = { deadline: Number.POSITIVE_INFINITY, expire, settled: false };
    if (this.#starting.push(waiting) === 1) setImmediate(this.#stamp);
    return waiting;
  }

  /** Calls still waiting, and answered ones not yet dropped. */
  get size(): number {
    return this.#waiting.length - this.#oldest + this.#starting.length;
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

  // A setImmediate made during a turn runs as it ends, after the batch of store calls it made has left.
  #stamp = (): void => {
    const deadline = performance.now() + this.ms;
    for (const waiting of this.#starting) {
      if (waiting.settled) continue;
      waiting.deadline = deadline;
      this.#waiting.push(waiting);
    }
    this.#starting = [];
    if (!this.#armed && this.#waiting.length > this.#oldest) {
      this.#armed = true;
      setTimeout(this.#due, this.ms);
    }
  };

  // setImmediate runs after the poll phase that follows this timer: an answer already in its socket settles first.
  // Only calls already due when the timer fired run out; a stalled store still fails them within about the budget.
  #due = (): void => {
    const firedAt = performance.now();
    setImmediate(() => this.#expire(firedAt));
  };

  #expire(due: number): void {
    // By index, not over a copy: expiring only rejects, and what settles does so later, in microtasks.
    for (let i = this.#oldest; i < this.#waiting.length; i++) {
      const waiting = this.#waiting[i] as Waiting;
      if (waiting.deadline > due) break;
      if (!waiting.settled) {
        waiting.settled = true;
        waiting.expire();
      }
    }
    this.#dropSettled();
    const next = this.#waiting[this.#oldest];
    if (next) setTimeout(this.#due, Math.max(0, next.deadline - performance.now()));
    else this.#armed = false;
  }
}
