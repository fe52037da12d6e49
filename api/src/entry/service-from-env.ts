// The whole service built from the environment: the one recipe the Node, Lambda and Vercel entries share.
import type { Db } from "../../../db/client";
import { createService, type Service } from "../app";
import { type Config, createConfig } from "../config";
import type { Logger } from "../deps";
import { type Env, parseEnv } from "../env";
import { createLogger } from "../logger";
import { createMetrics } from "../metrics";
import { guardStore } from "../quota/guard/guarded-store";
import type { CounterStore } from "../quota/store";
import { createCounterStore, describeCounterStore } from "../quota/stores/create-store";
import { redact } from "../redact";
import type { Schedule } from "../schedule";
import { openConfigStore } from "./open-config-store";

export type BuiltService = {
  env: Env;
  logger: Logger;
  db: Db;
  config: Config;
  counters: CounterStore;
  service: Service;
};

/** The service, or the one line that names the variable that stopped it (contract section 2). */
export type ServiceFromEnv = { ok: true; built: BuiltService } | { ok: false; error: string };

export type ServiceOptions = {
  /** Put first in /metrics, where its counts are one instance's of many (a serverless function). */
  metricsNote?: string;
  /** Where repeating background work runs: timers by default, requests on a platform that freezes instances. */
  schedule?: Schedule;
};

export async function serviceFromEnv(
  source: Record<string, string | undefined>,
  { metricsNote, schedule }: ServiceOptions = {},
): Promise<ServiceFromEnv> {
  const parsed = parseEnv(source);
  if (!parsed.ok) return parsed;
  const env = parsed.env;
  const logger = createLogger(env.logLevel);

  const opened = await openConfigStore(env.databaseUrl, env.databaseAuthToken);
  if (!opened.ok) return opened;
  const db = opened.db;
  logger.info(`config store: ${redact(env.databaseUrl)}`);
  logger.info(`counter store: ${describeCounterStore(env)}`);

  const config = createConfig(db, { cacheTtlMs: env.configCacheTtlMs, adminToken: env.adminToken, logger, schedule });
  const metrics = createMetrics({ note: metricsNote });
  const store = createCounterStore(env);
  // The memory store cannot fail; a store across a network answers within STORE_TIMEOUT_MS or not at all.
  const counters =
    env.counterStore === "memory"
      ? store
      : guardStore(store, { timeoutMs: env.storeTimeoutMs, logger, metrics, schedule });
  // Shares need a process that lives on timers to give them back in time (not a frozen function), and a store that
  // other processes share (the memory store is this process's own).
  const localShares = schedule === undefined && env.counterStore !== "memory";
  const service = createService({ config, counters, logger, metrics, schedule, localShares });
  return { ok: true, built: { env, logger, db, config, counters, service } };
}
