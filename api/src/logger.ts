// Structured JSON logs (pino): one object per line, so log pipelines can read them without parsing text.
import { destination, pino } from "pino";
import type { Logger } from "./deps";

export function createLogger(level = "info"): Logger {
  // Written as each line is made. pino's default, buffered, flushes on exit, and sonic-boom's flush retries a write
  // that failed for any reason every 100 ms for ever: once the reader of our output had gone (EPIPE: a log shipper
  // restarted, a pipe closed), a server told to stop (SIGTERM) never exited. Checks log nothing at the default level,
  // so a line costs a write only where something is worth saying.
  const log = pino(
    { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
    destination({ dest: 1, sync: true }),
  );
  return {
    debugEnabled: log.isLevelEnabled("debug"),
    debug: (message, fields) => log.debug(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}
