// The store budget with a timer of each call's own, for a Worker: there a timer belongs to the request that set it
// and dies with it, so one timer shared by every request's calls (budget.ts) could leave another request waiting.

import type { Waiting } from "./budget";

type TimedWaiting = Waiting & { timer?: ReturnType<typeof setTimeout> };

export class CallTimers {
  constructor(readonly ms: number) {}

  /** Starts a call's budget at once: on a Worker no other request's work shares this isolate's turn. */
  start(expire: () => void): Waiting {
    const waiting: TimedWaiting = { deadline: performance.now() + this.ms, expire, settled: false };
    waiting.timer = setTimeout(() => {
      if (waiting.settled) return;
      waiting.settled = true;
      expire();
    }, this.ms);
    return waiting;
  }

  settle(waiting: Waiting): void {
    waiting.settled = true;
    clearTimeout((waiting as TimedWaiting).timer);
  }
}
