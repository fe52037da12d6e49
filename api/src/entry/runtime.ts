// What differs between the places the service runs, as one value the entries hand to assembleService: how long an
// instance lives, and so where its repeating work runs and what it may keep between requests.
import type { Schedule } from "../schedule";

export type Runtime = {
  /**
   * `process`: a server that lives on and keeps its timers (Node). `frozen`: an instance frozen between requests,
   * whose timers cannot fire while it is (Lambda, Vercel). `isolate`: a Worker isolate, whose I/O belongs to the
   * request that started it, so that nothing one request awaits may be shared with another, and whose timers die
   * with their request.
   */
  lives: "process" | "frozen" | "isolate";
  /** Where repeating work runs: timers in a process (undefined), requests elsewhere. */
  schedule?: Schedule;
  /** Put first in /metrics, where its counts are one instance's of many. */
  metricsNote?: string;
};

/** The Node server. */
export const NODE_PROCESS: Runtime = { lives: "process" };
