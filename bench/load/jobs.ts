// What the runner asks of the load process, and what it gets back.

/** The checks to send: one path and header set, and bodies that each connection walks through in turn. */
export type Traffic = { url: string; path: string; headers: Record<string, string>; bodies: string[] };

/** The program that saturates: wrk when installed (for a time only), else autocannon. */
export type LoadTool = "wrk" | "autocannon";

/** As fast as the server answers, on `connections` keep-alive connections, for `seconds` or `amount` requests. */
export type SaturateJob = Traffic & {
  kind: "saturate";
  connections: number;
  seconds?: number;
  amount?: number;
  /** autocannon unless said otherwise: it counts every status code, and can stop after `amount` requests. */
  tool?: LoadTool;
  /**
   * wrk only: a whole wrk script of the caller's, whose request() makes each request (and whose response() may stop
   * the run), in place of the one that sends `bodies` in turn; the scale scenario's keys are too many to list.
   */
  script?: string;
  /**
   * wrk only: the line its script prints when it is done, on which wrk is stopped (SIGINT: it then reports the time it
   * really ran). A script's thread:stop() alone leaves wrk waiting out its whole -d.
   */
  doneLine?: string;
  /** wrk only: also read the 99th percentile of its latencies (--latency). */
  latency?: boolean;
};

/** An open-loop schedule of `rate` checks a second for `seconds`, after `warmupSeconds` not recorded. */
export type PacedJob = Traffic & {
  kind: "paced";
  rate: number;
  seconds: number;
  warmupSeconds: number;
  /**
   * Unless false, each connection first carries one check that is not counted, before the schedule starts. false:
   * none, so every check sent is one counted (the outage scenario adds the answers up against the store's counts).
   */
  prime?: boolean;
};

export type LoadJob = SaturateJob | PacedJob;

export type StatusCounts = Record<string, number>;

export type SaturateResult = {
  responses: number;
  seconds: number;
  statusCodes: StatusCounts;
  errors: number;
  /** With `latency`: wrk's 99th percentile, each request timed from when it was written on its connection. */
  p99Ms?: number;
};

export type PacedResult = {
  responses: number;
  /** Latency from when each check was written (or due, when it had to wait for a connection) to its answer. */
  p50Ms: number;
  p99Ms: number;
  /** How late checks left against their schedule, at the 99th percentile: the load process's own timing. */
  scheduleLagP99Ms: number;
  /** The rate achieved over the recorded part, a check that the schedule was kept. */
  achievedRate: number;
  /** Connections the driver opened, those opened before the schedule started included. */
  connections: number;
  statusCodes: StatusCounts;
  errors: number;
};

export type LoadResult = SaturateResult | PacedResult;
