// Servers in one process on one memory store that a test takes down and brings back, on a clock the test moves: how
// the limiter's fail modes and leases are tested without processes.
import { createMetrics } from "../../metrics";
import { createLimiter } from "../limiter";
import { type CounterStore, type StoreNodes, StoreUnavailable } from "../store";
import { createMemoryStore } from "../stores/memory-store";

export const START = Date.parse("2026-12-03T10:00:00.000Z");

/**
 * Servers on one store that the test can take down: every call then fails as the guard fails it. `cluster`: the store
 * says it is spread over nodes (a Redis Cluster), each subject on a node of its own.
 */
export function fleet(servers: number, { localShares = false, cluster = false } = {}) {
  /** The alert thresholds each server raised apart from its checks' answers (the limiter's onBackgroundCrossings). */
  const raised: { server: number; policy: unknown; limit: string; threshold: number }[] = [];
  let clock = START;
  const now = () => clock;
  const work: (() => unknown)[] = [];
  const schedule = (_everyMs: number, run: () => unknown) => {
    work.push(run);
    return () => {};
  };
  const memory = createMemoryStore({ now, schedule: () => () => {} });
  let down = false;
  // Calls that run on the store and lose their answers, as a check Redis runs after its server gave up on it.
  let answersLost = false;
  // Which servers cannot reach the store while it answers others (a connection slow to come back).
  const cutOff = new Set<number>();
  // Which subjects' calls fail while the store answers every other (their Cluster master is down).
  const subjectsDown = new Set<unknown>();
  const nodes: StoreNodes = {
    of: (subject) => subject,
    ping: (subject) => (down || subjectsDown.has(subject) ? Promise.reject(new StoreUnavailable()) : Promise.resolve()),
  };
  const storeOf = (index: number) =>
    new Proxy(memory, {
      get(target, name: keyof CounterStore) {
        if (name === "nodes" && cluster) return nodes;
        const value = target[name];
        if (typeof value !== "function") return value;
        // A Cluster's ping asks every master (pingStore): it fails while any subject's master is down.
        const failing = (args: unknown[]) =>
          down || cutOff.has(index) || (name === "ping" ? subjectsDown.size > 0 : subjectsDown.has(args[0]));
        return (...args: unknown[]) =>
          failing(args)
            ? Promise.reject(new StoreUnavailable())
            : answersLost
              ? Promise.resolve((value as (...a: unknown[]) => unknown).apply(target, args)).then(() => {
                  throw new StoreUnavailable();
                })
              : (value as (...a: unknown[]) => unknown).apply(target, args);
      },
    });
  const limiters = Array.from({ length: servers }, (_, index) =>
    createLimiter(storeOf(index), {
      metrics: createMetrics({ processDefaults: false }),
      now,
      schedule,
      localShares,
      onBackgroundCrossings: (policy, crossings) => {
        for (const { limit, threshold } of crossings) raised.push({ server: index, policy, limit, threshold });
      },
    }),
  );
  return {
    memory,
    limiters,
    raised,
    /**
     * Moves the clock and runs every server's background work once (presence, flush, what is owed). Each server counts
     * those that said they were there before it: after two ticks every one has counted all.
     */
    async tick(ms = 1000) {
      clock += ms;
      for (const run of work) await run();
    },
    /** Moves the clock and runs nothing, as a process frozen that long. */
    advance(ms: number) {
      clock += ms;
    },
    setDown(value: boolean) {
      down = value;
    },
    /** Whether every call runs on the store and then fails, its answer lost. */
    setAnswersLost(value: boolean) {
      answersLost = value;
    },
    /** Whether one server's calls fail while the store answers the others. */
    setCutOff(index: number, value: boolean) {
      if (value) cutOff.add(index);
      else cutOff.delete(index);
    },
    /** Whether every call about one subject fails while the store answers the rest (one Cluster master down). */
    setSubjectDown(subject: string, value: boolean) {
      if (value) subjectsDown.add(subject);
      else subjectsDown.delete(subject);
    },
  };
}
