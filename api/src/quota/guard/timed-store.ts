// The memory store's calls in bouncer_store_duration_seconds too (contract section 7: a histogram of counter-store
// calls). It lives in this process and cannot fail or stall, so it needs no guard, only the clock read around each
// call: its work is done before the call returns its promise, so timing that much adds no turn of the microtask
// queue to a check.
import type { Metrics } from "../../metrics";
import type { CounterStore } from "../store";

export function timedStore(store: CounterStore, metrics: Metrics): CounterStore {
  const timed =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const started = performance.now();
      // Called on the store, as its methods may call each other through `this`.
      const answer = call.apply(store, args);
      metrics.storeCall((performance.now() - started) / 1000);
      return answer;
    };
  return {
    check: timed(store.check),
    release: timed(store.release),
    settle: timed(store.settle),
    usage: timed(store.usage),
    refund: timed(store.refund),
    history: timed(store.history),
    daily: timed(store.daily),
    dailyParts: timed(store.dailyParts),
    take: timed(store.take),
    giveBack: timed(store.giveBack),
    addAllowed: timed(store.addAllowed),
    presence: timed(store.presence),
    recordChecks: timed(store.recordChecks),
    markBoard: timed(store.markBoard),
    readBoard: timed(store.readBoard),
    reset: timed(store.reset),
    ping: timed(store.ping),
    together() {
      const view = store.together();
      return view === store ? this : timedStore(view, metrics);
    },
    close: () => store.close(),
  };
}
