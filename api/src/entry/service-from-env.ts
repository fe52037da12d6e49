// The whole service built from the process's environment, with its config store opened from DATABASE_URL: for the
// Node, Lambda and Vercel entries (a Worker has bindings instead: worker-service.ts).
import type { Db } from "../../../db/client";
import type { Logger } from "../deps";
import { type Env, parseEnv } from "../env";
import { createLogger } from "../logger";
import { describeCounterStore } from "../quota/stores/create-store";
import { redact } from "../redact";
import { type Assembled, assembleService } from "./assemble-service";
import { openConfigStore } from "./open-config-store";
import { NODE_PROCESS, type Runtime } from "./runtime";

export type BuiltService = Assembled & { env: Env; logger: Logger; db: Db };

/** The service, or the one line that names the variable that stopped it (contract section 2). */
export type ServiceFromEnv = { ok: true; built: BuiltService } | { ok: false; error: string };

export async function serviceFromEnv(
  source: Record<string, string | undefined>,
  runtime: Runtime = NODE_PROCESS,
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
  return { ok: true, built: { env, logger, db, ...assembleService(env, db, logger, runtime) } };
}
