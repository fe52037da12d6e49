// Orderly shutdown on SIGTERM and SIGINT: stop accepting, answer what is in flight, then close what holds state.
import type { Server } from "node:http";
import type { Logger } from "../deps";

/** How long requests in flight get to finish: with the closing steps, within the 10 s an orchestrator waits. */
const GRACE_MS = 8_000;
/** Past this the process exits anyway, saying so, rather than be killed mid-step without a word. */
const DEADLINE_MS = 9_500;
// A keep-alive connection that finished its request after close() began is idle again: closing such connections
// often lets the server finish as soon as the last answer is written, instead of when clients hang up.
const CLOSE_IDLE_EVERY_MS = 50;

/** Something to close once no request is left, in order: the history before the store it is written to. */
type ShutdownStep = { name: string; run: () => unknown };

/** Stops accepting and resolves when every request in flight is answered, or the grace ran out and the rest were cut. */
function stopServing(server: Server, graceMs = GRACE_MS): Promise<{ cut: boolean }> {
  return new Promise((done) => {
    let cut = false;
    const closingIdle = setInterval(() => server.closeIdleConnections(), CLOSE_IDLE_EVERY_MS);
    const cutting = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
    }, graceMs);
    server.close(() => {
      clearInterval(closingIdle);
      clearTimeout(cutting);
      done({ cut });
    });
  });
}

/** On the first SIGTERM or SIGINT, shuts down in order and exits 0; a second signal changes nothing. */
export function shutDownOnSignals(server: Server, steps: ShutdownStep[], logger: Logger): void {
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
    const { cut } = await stopServing(server);
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
