// The Node entry: reads the environment, opens the config store, and serves API and web UI from one process.
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { answerClientErrors } from "./client-errors";
import { serveChecks } from "./node-check";
import { serviceFromEnv } from "./service-from-env";
import { shutDownOnSignals } from "./shutdown";
import { serveWebUi } from "./web-ui";

const KEEP_ALIVE_MS = 65_000;

const built = await serviceFromEnv(process.env);
if (!built.ok) {
  console.error(built.error);
  process.exit(1);
}
const { env, logger, db, config, counters, service } = built.built;
const { app, answerCheck } = service;

serveWebUi(app, logger);

// Checks are answered by node:http directly (./node-check.ts); everything else by the app through its adapter.
const server = createServer(serveChecks(answerCheck, logger, getRequestListener(app.fetch, { hostname: env.host })));
server.on("clientError", answerClientErrors(logger));
// Idle keep-alive connections stay open longer than the clients and load balancers that pool them (AWS's balancers
// keep theirs 60 s): closed at Node's 5 s, a request sent on one as it closes is reset (ECONNRESET), not answered.
server.keepAliveTimeout = KEEP_ALIVE_MS;
server.headersTimeout = KEEP_ALIVE_MS + 1_000;
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
