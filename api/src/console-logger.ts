// JSON log lines through console, as pino writes them on Node (level number, ISO time, msg, fields): for a Worker,
// where pino resolves to its browser build and console is where logs go (wrangler tail, Workers Logs).
import type { Logger } from "./app";

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 };

export function createConsoleLogger(level = "info"): Logger {
  const least = LEVELS[level] ?? LEVELS.info ?? 30;
  const line = (at: number) => (msg: string, fields?: Record<string, unknown>) => {
    if (at >= least) console.log(JSON.stringify({ level: at, time: new Date().toISOString(), ...fields, msg }));
  };
  return { debugEnabled: least <= 20, debug: line(20), info: line(30), error: line(50) };
}
