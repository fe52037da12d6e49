// The Node entry: reads the environment, opens the config store, and serves API and web UI from one process.
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { createService } from "../app";
import { createConfig } from "../config";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import { createMetrics } from "../metrics";
import { createCounterStore, describeCounterStore, redact } from "../quota/create-store";
import { guardStore } from "../quota/guarded-store";
import { answerClientErrors } from "./client-errors";
import { serveChecks } from "./node-check";
import { openConfigStore } from "./open-config-store";
import { shutDownOnSignals } from "./shutdown";

const parsed = parseEnv(process.env);
if (!parsed.ok) {
  console.error(parsed.error);
  process.exit(1);
}
const env = parsed.env;
const logger = createLogger(env.logLevel);

const opened = await openConfigStore(env.databaseUrl, env.databaseAuthToken);
if (!opened.ok) {
  console.error(opened.error);
  process.exit(1);
}
const db = opened.db;
logger.info(`config store: ${redact(env.databaseUrl)}`);
logger.info(`counter store: ${describeCounterStore(env)}`);

const config = createConfig(db, { cacheTtlMs: env.configCacheTtlMs, adminToken: env.adminToken, logger });
const metrics = createMetrics();
const store = createCounterStore(env);
// The memory store cannot fail; a store across a network answers within STORE_TIMEOUT_MS or not at all.
const counters =
  env.counterStore === "memory" ? store : guardStore(store, { timeoutMs: env.storeTimeoutMs, logger, metrics });
const service = createService({ config, counters, logger, metrics });
const { app, answerCheck } = service;

// The built web UI: assets as files, and index.html for the UI's own routes (/, /usage, …). A path under /v1
// that no route takes is an API error (404 in the error envelope), never the UI's page.
const webRoot = "web/dist";
if (existsSync(webRoot)) {
  const page = serveStatic({ path: `${webRoot}/index.html` });
  app.use("/*", serveStatic({ root: webRoot }));
  app.get("*", (c, next) => (c.req.path === "/v1" || c.req.path.startsWith("/v1/") ? next() : page(c, next)));
} else {
  logger.info("web/dist is missing: run `npm run build:web` to serve the UI");
}

// Checks are answered by node:http directly (./node-check.ts); everything else by the app through its adapter.
const server = createServer(serveChecks(answerCheck, logger, getRequestListener(app.fetch, { hostname: env.host })));
server.on("clientError", answerClientErrors(logger));
// A port taken or an address not on this machine is a configuration error: one line naming the variables.
server.once("error", (error: NodeJS.ErrnoException) => {
  console.error(`PORT / HOST: cannot listen on ${env.host}:${env.port}: ${error.code ?? error.message}`);
  process.exit(1);
});
server.listen(env.port, env.host, () => {
  const address = server.address();
  logger.info(`listening on http://${env.host}:${typeof address === "object" && address ? address.port : env.port}`);
});

shutDownOnSignals(
  server,
  [
    { name: "write the denials not yet in the history", run: () => service.close() },
    { name: "close the counter store", run: () => counters.close() },
    // The config's change watcher stops before the database closes, or its next read would look like an outage.
    {
      name: "close the config store",
      run: () => {
        config.close();
        db.$client.close();
      },
    },
  ],
  logger,
);
