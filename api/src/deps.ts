// The types every layer shares: what the app is built from (AppDeps), the logger, and the Hono app with its context.
// They live here, not in app.ts, so that the composition root imports everything and nothing imports it.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AuthEnv } from "./auth";
import type { Config } from "./config";
import type { Metrics } from "./metrics";
import type { CounterStore } from "./quota/store";
import type { Schedule } from "./schedule";

export type Logger = {
  /** Whether debug lines are written, so callers can skip building them. */
  debugEnabled?: boolean;
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

export type AppDeps = {
  config: Config;
  /** Where counters live: memory, Redis or Upstash (guarded by guardStore when over a network). */
  counters: CounterStore;
  logger: Logger;
  metrics: Metrics;
  /** This process's clock (ms), for what it remembers in memory; the counters keep time by the store's clock. */
  now?: () => number;
  /** The source of Retry-After jitter; tests pass their own. */
  random?: () => number;
  /** Where repeating background work runs: timers on Node (the default), requests on a Worker. */
  schedule?: Schedule;
  /** Spends plans' local shares (contract section 12; LimiterOptions.localShares): the Node server only. */
  localShares?: boolean;
};

export type AppEnv = AuthEnv & { Variables: { requestId: string } };
export type App = OpenAPIHono<AppEnv>;
