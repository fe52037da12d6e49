// Puts a network counter store on a budget: every call answers within STORE_TIMEOUT_MS, and an outage (of the store,
// or of one Cluster master) opens a circuit breaker so later calls fail at once, with one log line when it starts and
// one when it ends.
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

/** One breaker and what its outage has cost so far, for the log line that ends it. */
type Guard = { breaker: Breaker; outage: Outage };
type Outage = { startedAt: number; errors: number; refused: number; lastError: string };
const noOutage = (): Outage => ({ startedAt: 0, errors: 0, refused: 0, lastError: "" });

export function guardStore(
  store: CounterStore,
  { timeoutMs, logger, metrics, probeEveryMs, schedule, timerPerCall = false }: GuardOptions,
) {
  const budget: CallBudget = timerPerCall ? new CallTimers(timeoutMs) : new Budget(timeoutMs);

  /** A breaker whose probe is `ping`: the store's, or one node's (named in its log lines). */
  function guardOf(ping: () => Promise<unknown>, node?: string): Guard {
    const where = node === undefined ? {} : { node };
    const guard: Guard = {
      outage: noOutage(),
      breaker: new Breaker({
        probeEveryMs,
        schedule,
        probe: () => withinBudget(ping(), budget),
        onOpen: () => {
          guard.outage = { ...guard.outage, startedAt: Date.now(), refused: 0 };
          logger.error("counter store unavailable: answering by each plan's fail mode", {
            ...where,
            lastError: guard.outage.lastError,
          });
        },
        onClose: () => {
          const { startedAt, errors, refused } = guard.outage;
          logger.error("counter store back", {
            ...where,
            downMs: Date.now() - startedAt,
            storeErrors: errors,
            // Calls, not checks: a plan failing local decides its checks without calling the store at all.
            callsRefused: refused,
          });
          guard.outage = noOutage();
        },
      }),
    };
    return guard;
  }

  // On a Cluster each master has a breaker of its own, made when a subject it serves is first called for: one that
  // stops answering puts its own customers in fail mode, not those of the masters still answering (one breaker for
  // all did, and refused their releases, which left their leases held until they expired). Its probe asks for the
  // last subject called for there, so it follows that subject's slot: once a replica has taken over, it reaches the
  // new master and closes. Calls of no one subject are the store's.
  const whole = guardOf(() => store.ping());
  const byNode = new Map<string, Guard>();
  const lastSubject = new Map<string, string>();
  const nodes = store.nodes;
  // One server, or Upstash: every call is the store's, with nothing to work out per call.
  const guardFor = !nodes
    ? (_subject: string) => whole
    : (subject: string): Guard => {
        const node = nodes.of(subject);
        if (node === undefined) return whole;
        lastSubject.set(node, subject);
        let guard = byNode.get(node);
        if (!guard) {
          guard = guardOf(() => nodes.ping(lastSubject.get(node) ?? subject), node);
          byNode.set(node, guard);
        }
        return guard;
      };

  const allClosed = () => whole.breaker.closed && [...byNode.values()].every((guard) => guard.breaker.closed);

  async function guarded<T>(guard: Guard, call: () => Promise<T>): Promise<T> {
    const { breaker } = guard;
    if (!breaker.closed) {
      guard.outage.refused++;
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
      guard.outage.errors++;
      guard.outage.lastError = (error as Error).message;
      breaker.failure(started);
      throw error;
    }
  }

  // A view of the store (together()) keeps the same budget, breakers and outage counts: its calls fail as the store's.
  const guardedView = (inner: CounterStore): CounterStore => ({
    // Which node serves a subject, for those that must reach every node (local-limits.ts): a lookup, not a call.
    ...(inner.nodes && { nodes: inner.nodes }),
    check: (subject, spec, cost, lease) => guarded(guardFor(subject), () => inner.check(subject, spec, cost, lease)),
    release: (subject, spec, lease) => guarded(guardFor(subject), () => inner.release(subject, spec, lease)),
    settle: (subject, spec, lease, cost) => guarded(guardFor(subject), () => inner.settle(subject, spec, lease, cost)),
    usage: (subject, spec) => guarded(guardFor(subject), () => inner.usage(subject, spec)),
    refund: (subject, spec, cost) => guarded(guardFor(subject), () => inner.refund(subject, spec, cost)),
    history: (subject, minutes) => guarded(guardFor(subject), () => inner.history(subject, minutes)),
    daily: (subject, days, resource) => guarded(guardFor(subject), () => inner.daily(subject, days, resource)),
    dailyParts: (subject, days) => guarded(guardFor(subject), () => inner.dailyParts(subject, days)),
    take: (subject, spec, cost, ask) => guarded(guardFor(subject), () => inner.take(subject, spec, cost, ask)),
    giveBack: (subject, spec, units, share) =>
      guarded(guardFor(subject), () => inner.giveBack(subject, spec, units, share)),
    addAllowed: (subject, spec, units, allowed) =>
      guarded(guardFor(subject), () => inner.addAllowed(subject, spec, units, allowed)),
    presence: (server, ttlMs, withinMs) => guarded(whole, () => inner.presence(server, ttlMs, withinMs)),
    recordChecks: (subject, checks) => guarded(guardFor(subject), () => inner.recordChecks(subject, checks)),
    markBoard: (marks) => guarded(whole, () => inner.markBoard(marks)),
    readBoard: (ask) => guarded(whole, () => inner.readBoard(ask)),
    reset: (subject, options) => guarded(guardFor(subject), () => inner.reset(subject, options)),
    // A readiness probe (/readyz) asks the store itself, within the budget, and moves no breaker: on a Cluster with one
    // master down its pings fail, and counted they would open the store's breaker, which the Live board and the
    // servers' presence go through, though the master that keeps them answers. Nor is a server ready while a breaker
    // is open, store back or not: its calls are refused, and its checks answered by fail mode, until the probe runs.
    ping: async () => {
      await withinBudget(inner.ping(), budget);
      if (!allClosed()) throw new StoreUnavailable("the counter store's circuit breaker is open until its next probe");
    },
    together() {
      const view = inner.together();
      return view === inner ? this : guardedView(view);
    },
    close: async () => {},
  });

  const guardedStore: CounterStore & { readonly available: boolean } = {
    ...guardedView(store),
    close: async () => {
      whole.breaker.stop();
      for (const guard of byNode.values()) guard.breaker.stop();
      await store.close();
    },
    /** The store's breaker is closed (a Cluster node's own outage aside). */
    get available() {
      return whole.breaker.closed;
    },
  };
  return guardedStore;
}
