// The service assembled from its configuration, its config store and the runtime it runs on: the one recipe of every
// entry (Node, Lambda, Vercel, Workers), the runtime's differences read from one value (runtime.ts).
import type { Db } from "../../../db/client";
import { createService, type Service } from "../app";
import { type Config, createConfig } from "../config";
import type { Logger } from "../deps";
import type { Env } from "../env";
import { createMetrics } from "../metrics";
import { guardStore } from "../quota/guard/guarded-store";
import { timedStore } from "../quota/guard/timed-store";
import type { CounterStore } from "../quota/store";
import { createCounterStore } from "../quota/stores/create-store";
import type { Runtime } from "./runtime";

export type Assembled = { config: Config; counters: CounterStore; service: Service };

export function assembleService(env: Env, db: Db, logger: Logger, runtime: Runtime): Assembled {
  const { schedule } = runtime;
  // A Worker's requests share nothing they await: no loads of a key shared between requests, no store request merged
  // from several, a timer of each call's own (guard/call-timers.ts); and it has no process to describe in /metrics.
  const isolate = runtime.lives === "isolate";
  const config = createConfig(db, {
    cacheTtlMs: env.configCacheTtlMs,
    adminToken: env.adminToken,
    logger,
    schedule,
    shareLoads: !isolate,
    webhooks: {
      allowPrivate: env.webhookAllowPrivate,
      onError: (message, fields) => logger.error(message, fields),
      // A server that lives on sends on while its next run starts; elsewhere a run holds the sends it started.
      awaitEveryAttempt: runtime.lives !== "process",
    },
  });
  const metrics = createMetrics({ processDefaults: !isolate, note: runtime.metricsNote });
  const store = createCounterStore(env, { isolate, schedule });
  // The memory store cannot fail; a store across a network answers within STORE_TIMEOUT_MS or not at all. Both are
  // timed in /metrics.
  const counters =
    env.counterStore === "memory"
      ? timedStore(store, metrics)
      : guardStore(store, { timeoutMs: env.storeTimeoutMs, logger, metrics, schedule, timerPerCall: isolate });
  // Shares need a process that lives on timers to give them back in time (not a frozen function), and a store that
  // other processes share (the memory store is this process's own).
  const localShares = runtime.lives === "process" && env.counterStore !== "memory";
  const service = createService({ config, counters, logger, metrics, schedule, localShares });
  return { config, counters, service };
}
