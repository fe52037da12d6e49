// Puts a network counter store on a budget: every call answers within STORE_TIMEOUT_MS, and an outage
// opens a circuit breaker so later calls fail at once, with one log line when it starts and one when it ends.
import type { Logger } from "../../deps";
import type { Metrics } from "../../metrics";
import type { Schedule } from "../../schedule";
import { type CounterStore, StoreUnavailable } from "../store";
import { Breaker } from "./breaker";
import { Budget, type Waiting } from "./budget";
import { CallTimers } from "./call-timers";

export type GuardOptions = {
  timeoutMs: number;
  logger: Logger;
  metrics: Metrics;
  probeEveryMs?: number;
  /** Where the breaker's probe runs: timers on Node, requests on a Worker. */
  schedule?: Schedule;
  /** A timer per call instead of one for all (budget.ts): for a Worker, whose timers belong to one request. */
  timerPerCall?: boolean;
};

type CallBudget = {
  readonly ms: number;
  start(expire: () => void): Waiting;
  settle(waiting: Waiting): void;
};

/** `call`, or a StoreUnavailable once the budget runs out; any failure of the call becomes a StoreUnavailable. */
function withinBudget<T>(call: Promise<T>, budget: CallBudget): Promise<T> {
  return new Promise((resolve, reject) => {
    const waiting = budget.start(() => {
      const unavailable = new StoreUnavailable(`no answer within ${budget.ms} ms`);
      unavailable.late = call;
      reject(unavailable);
    });
    call.then(
      (value) => {
        budget.settle(waiting);
        resolve(value);
      },
      (error) => {
        budget.settle(waiting);
        reject(error instanceof StoreUnavailable ? error : new StoreUnavailable(String(error?.message ?? error)));
      },
    );
  });
}

export function guardStore(
  store: CounterStore,
  { timeoutMs, logger, metrics, probeEveryMs, schedule, timerPerCall = false }: GuardOptions,
) {
  const budget: CallBudget = timerPerCall ? new CallTimers(timeoutMs) : new Budget(timeoutMs);
  let outage = { startedAt: 0, errors: 0, refused: 0, lastError: "" };
  const breaker = new Breaker({
    probeEveryMs,
    schedule,
    probe: () => withinBudget(store.ping(), budget),
    onOpen: () => {
      outage = { ...outage, startedAt: Date.now(), refused: 0 };
      logger.error("counter store unavailable: answering by each plan's fail mode", { lastError: outage.lastError });
    },
    onClose: () => {
      logger.error("counter store back", {
        downMs: Date.now() - outage.startedAt,
        storeErrors: outage.errors,
        // Calls, not checks: a plan failing local decides its checks without calling the store at all.
        callsRefused: outage.refused,
      });
      outage = { startedAt: 0, errors: 0, refused: 0, lastError: "" };
    },
  });

  async function guarded<T>(call: () => Promise<T>): Promise<T> {
    if (!breaker.closed) {
      outage.refused++;
      throw new StoreUnavailable();
    }
    const started = performance.now();
    try {
      const value = await withinBudget(call(), budget);
      metrics.storeCall((performance.now() - started) / 1000);
      breaker.success();
      return value;
    } catch (error) {
      metrics.storeCall((performance.now() - started) / 1000);
      metrics.storeError();
      outage.errors++;
      outage.lastError = (error as Error).message;
      breaker.failure(started);
      throw error;
    }
  }

  // A view of the store (together()) keeps the same budget, breaker and outage count: its calls fail as the store's.
  const guardedView = (inner: CounterStore): CounterStore => ({
    check: (subject, spec, cost, lease) => guarded(() => inner.check(subject, spec, cost, lease)),
    release: (subject, spec, lease) => guarded(() => inner.release(subject, spec, lease)),
    settle: (subject, spec, lease, cost) => guarded(() => inner.settle(subject, spec, lease, cost)),
    usage: (subject, spec) => guarded(() => inner.usage(subject, spec)),
    refund: (subject, spec, cost) => guarded(() => inner.refund(subject, spec, cost)),
    history: (subject, minutes) => guarded(() => inner.history(subject, minutes)),
    daily: (subject, days, resource) => guarded(() => inner.daily(subject, days, resource)),
    dailyParts: (subject, days) => guarded(() => inner.dailyParts(subject, days)),
    take: (subject, spec, cost, ask) => guarded(() => inner.take(subject, spec, cost, ask)),
    giveBack: (subject, spec, units, share) => guarded(() => inner.giveBack(subject, spec, units, share)),
    addAllowed: (subject, spec, units, allowed) => guarded(() => inner.addAllowed(subject, spec, units, allowed)),
    presence: (server, ttlMs, withinMs) => guarded(() => inner.presence(server, ttlMs, withinMs)),
    recordChecks: (subject, checks) => guarded(() => inner.recordChecks(subject, checks)),
    markBoard: (marks) => guarded(() => inner.markBoard(marks)),
    readBoard: (ask) => guarded(() => inner.readBoard(ask)),
    reset: (subject, options) => guarded(() => inner.reset(subject, options)),
    ping: () => guarded(() => inner.ping()),
    together() {
      const view = inner.together();
      return view === inner ? this : guardedView(view);
    },
    close: async () => {},
  });

  const guardedStore: CounterStore & { readonly available: boolean } = {
    ...guardedView(store),
    close: async () => {
      breaker.stop();
      await store.close();
    },
    get available() {
      return breaker.closed;
    },
  };
  return guardedStore;
}
