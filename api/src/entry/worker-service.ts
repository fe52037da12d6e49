// The service on a Worker, built from its bindings: config in D1 (or remote libSQL), counters in Upstash, background
// work run from requests, each request's store calls its own (no merging, a timer per call, no shared loads).
import type { D1Binding } from "../../../db/worker-db";
import { d1Db, remoteDb } from "../../../db/worker-db";
import type { Service } from "../app";
import { createConsoleLogger } from "../console-logger";
import type { Logger } from "../deps";
import { type Env, parseEnv } from "../env";
import { redact } from "../redact";
import { assembleService } from "./assemble-service";
import { type RequestSchedule, requestSchedule } from "./request-schedule";

/** What wrangler.jsonc binds, and the environment's variables as strings. */
export type WorkerBindings = { DB?: D1Binding; ASSETS?: { fetch(request: Request): Promise<Response> } } & Record<
  string,
  unknown
>;

export type WorkerService = Service &
  Pick<RequestSchedule, "runDue" | "nothingDue"> & {
    logger: Logger;
    /** Sends the webhook deliveries that are due: the Cron Trigger's work (wrangler.jsonc). */
    deliverWebhooks(): Promise<number>;
  };

const METRICS_NOTE = `These counts are one Worker isolate's: Cloudflare runs many, each with its own counts since it started.
Sum them in your metrics pipeline only as a sample; the counters themselves (and so every limit) are exact in Upstash.`;

/**
 * The configuration a Worker runs on, or the one line that names the variable or binding that is wrong. `hasD1`:
 * whether the D1 binding DB is there. `npm run dev:worker` asks it before wrangler starts.
 */
export function workerEnv(
  vars: Record<string, string | undefined>,
  hasD1: boolean,
): { ok: true; env: Env; remote: boolean } | { ok: false; error: string } {
  const parsed = parseEnv(vars);
  if (!parsed.ok) return parsed;
  const env = parsed.env;
  if (env.counterStore === "redis") {
    return {
      ok: false,
      error: "Invalid configuration: COUNTER_STORE=redis needs TCP, which a Worker lacks: use Upstash",
    };
  }
  // env.ts has checked the protocol, and reads an unset DATABASE_URL as the default file.
  const remote = !env.databaseUrl.startsWith("file:");
  if (vars.DATABASE_URL && !remote) {
    return {
      ok: false,
      error: `Invalid configuration: DATABASE_URL must be a libsql:// or https:// URL on a Worker, which has no files (unset, the D1 binding DB is used), got "${redact(vars.DATABASE_URL)}"`,
    };
  }
  if (!remote && !hasD1) {
    return { ok: false, error: "Invalid configuration: no D1 binding DB (wrangler.jsonc) and no remote DATABASE_URL" };
  }
  return { ok: true, env, remote };
}

/** The service, or the one line that names the variable or binding that is wrong. */
export function workerService(
  bindings: WorkerBindings,
): { ok: true; service: WorkerService } | { ok: false; error: string } {
  const vars: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(bindings)) if (typeof value === "string") vars[name] = value;
  const checked = workerEnv(vars, Boolean(bindings.DB));
  if (!checked.ok) return checked;
  const { env, remote } = checked;
  const logger = createConsoleLogger(env.logLevel);
  const db = remote ? remoteDb(env.databaseUrl, env.databaseAuthToken) : d1Db(bindings.DB as D1Binding);
  const { schedule, runDue, nothingDue } = requestSchedule();
  logger.info(`config store: ${remote ? redact(env.databaseUrl) : "D1 (binding DB)"}`);
  logger.info(
    `counter store: ${env.counterStore === "upstash" ? `upstash ${redact(env.upstash.url ?? "")}` : "memory (this isolate only)"}`,
  );
  const { service, config } = assembleService(env, db, logger, {
    lives: "isolate",
    schedule,
    metricsNote: METRICS_NOTE,
  });
  const deliverWebhooks = config.webhooks.deliverDue;
  return { ok: true, service: { ...service, runDue, nothingDue, logger, deliverWebhooks } };
}
