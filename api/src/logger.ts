// Structured JSON logs (pino): one object per line, so log pipelines can read them without parsing text.
import { pino } from "pino";
import type { Logger } from "./deps";

export function createLogger(level = "info"): Logger {
  const log = pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
  return {
    debugEnabled: log.isLevelEnabled("debug"),
    debug: (message, fields) => log.debug(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}
