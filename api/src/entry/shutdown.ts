// Orderly shutdown on SIGTERM and SIGINT: stop accepting, answer what is in flight, then close what holds state.
import type { Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import type { Logger } from "../deps";

/** How long requests in flight get to finish: with the closing steps, within the 10 s an orchestrator waits. */
const GRACE_MS = 8_000;
/**
 * How long a keep-alive connection idle at the signal stays open: a client that sends on it meanwhile is answered (and
 * told the connection ends) rather than reset. Active clients have all been told by then.
 */
const IDLE_GRACE_MS = 500;
/** Past this the process exits anyway, saying so, rather than be killed mid-step without a word. */
const DEADLINE_MS = 9_500;

/** Something to close once no request is left, in order: the history before the store it is written to. */
type ShutdownStep = { name: string; run: () => unknown };

/** The response a connection is writing now, if any (Node's own field: a socket's current message). */
const answering = (socket: Socket) => (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;

/**
 * Stops accepting and resolves when every request in flight is answered, or the grace ran out and the rest were cut.
 * Every answer from now on says `Connection: close`, and its connection ends after it: a client told so sends its next
 * request elsewhere. Closing each keep-alive connection whenever it was idle instead lost the request a client had
 * already sent on it (one per connection, ECONNRESET, in an audit's test); so connections idle now are closed only
 * after IDLE_GRACE_MS, and the listening socket is closed as a net.Server's (http's close() also closes them at once).
 */
function stopServing(server: Server, open: Set<Socket>, graceMs = GRACE_MS): Promise<{ cut: boolean }> {
  server.prependListener("request", (_request, response: ServerResponse) => {
    response.shouldKeepAlive = false;
  });
  for (const socket of open) {
    const response = answering(socket);
    if (response && !response.headersSent) response.shouldKeepAlive = false;
  }
  return new Promise((done) => {
    let cut = false;
    const closingIdle = setTimeout(() => server.closeIdleConnections(), IDLE_GRACE_MS);
    const cutting = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
    }, graceMs);
    NetServer.prototype.close.call(server, () => {
      clearTimeout(closingIdle);
      clearTimeout(cutting);
      done({ cut });
    });
  });
}

/** On the first SIGTERM or SIGINT, shuts down in order and exits 0; a second signal changes nothing. */
export function shutDownOnSignals(server: Server, steps: ShutdownStep[], logger: Logger): void {
  // The connections open, to tell the answers in flight when shutdown begins to close theirs.
  const open = new Set<Socket>();
  server.on("connection", (socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
  let stopping = false;
  const shutDown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = performance.now();
    setTimeout(() => {
      logger.error("shutdown: still not done, exiting anyway", { afterMs: DEADLINE_MS });
      process.exit(1);
    }, DEADLINE_MS).unref();
    logger.info(`${signal}: shutting down: no new connections, answering the requests in flight`);
    const { cut } = await stopServing(server, open);
    if (cut) logger.error("shutdown: requests still in flight after the grace period were cut", { graceMs: GRACE_MS });
    for (const step of steps) {
      try {
        await step.run();
      } catch (error) {
        logger.error(`shutdown: could not ${step.name}`, { error: String(error) });
      }
    }
    logger.info("shut down", { ms: Math.round(performance.now() - started) });
    process.exit(0);
  };
  process.on("SIGTERM", shutDown);
  process.on("SIGINT", shutDown);
}
