// JSON log lines through console, as pino writes them on Node (level number, ISO time, msg, fields): for a Worker,
// where pino resolves to its browser build and console is where logs go (wrangler tail, Workers Logs).
import type { Logger } from "./deps";

// The levels LOG_LEVEL allows (env.ts), by pino's numbers.
const LEVELS: Record<string, number> = { debug: 20, info: 30, warn: 40, error: 50 };

export function createConsoleLogger(level = "info"): Logger {
  const least = LEVELS[level] ?? 30;
  const line = (at: number) => (msg: string, fields?: Record<string, unknown>) => {
    if (at >= least) console.log(JSON.stringify({ level: at, time: new Date().toISOString(), ...fields, msg }));
  };
  return { debugEnabled: least <= 20, debug: line(20), info: line(30), error: line(50) };
}
