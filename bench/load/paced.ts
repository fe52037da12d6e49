// Latency at a fixed rate: an open-loop schedule of checks over a pool of keep-alive connections (undici).

import type { Dispatcher } from "undici";
import { Pool } from "undici";
import { percentile } from "../stats";
import type { PacedJob, PacedResult, StatusCounts } from "./jobs";

const TICK_MS = 1;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Sends check i at t0 + i / rate whether or not earlier ones have been answered (a closed loop, autocannon's
 * `overallRate` included, would measure the queue it builds itself, or hide the one the server builds). The pool
 * opens another connection rather than queue a check, so a slow server cannot hold the schedule back.
 *
 * Each check is timed from the moment it is handed to the pool. Node's timers fire about once a millisecond, so
 * a check leaves up to ~1 ms after its due time; timing it from its due time would add that timer granularity
 * of the load process to every system alike. How late checks left is reported beside (`scheduleLagP99Ms`).
 */
export function paced(job: PacedJob): Promise<PacedResult> {
  const pool = new Pool(job.url, {
    connections: 1024,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: REQUEST_TIMEOUT_MS,
    bodyTimeout: REQUEST_TIMEOUT_MS,
  });
  const total = Math.round(job.rate * (job.warmupSeconds + job.seconds));
  const recordFrom = Math.round(job.rate * job.warmupSeconds);
  const latencies = new Float64Array(total - recordFrom).fill(Number.NaN);
  const lags = new Float64Array(total - recordFrom).fill(Number.NaN);
  const statusCodes: StatusCounts = {};
  let errors = 0;
  let sent = 0;
  let done = 0;
  let firstRecordedAt = 0;
  let lastAnsweredAt = 0;

  return new Promise((resolve) => {
    const finish = () => {
      void pool.close();
      const recorded = latencies.filter((l) => !Number.isNaN(l)).sort();
      const lag = lags.filter((l) => !Number.isNaN(l)).sort();
      const responses = Object.values(statusCodes).reduce((a, b) => a + b, 0);
      resolve({
        responses,
        p50Ms: percentile(recorded, 50),
        p99Ms: percentile(recorded, 99),
        scheduleLagP99Ms: percentile(lag, 99),
        achievedRate: recorded.length / ((lastAnsweredAt - firstRecordedAt) / 1000),
        statusCodes,
        errors,
      });
    };
    const send = (index: number, due: number) => {
      const issued = performance.now();
      let status = 0;
      const settle = (answered: boolean) => {
        const now = performance.now();
        if (!answered) errors++;
        else {
          statusCodes[status] = (statusCodes[status] ?? 0) + 1;
          if (index >= recordFrom) {
            latencies[index - recordFrom] = now - issued;
            lags[index - recordFrom] = issued - due;
          }
        }
        if (index === recordFrom) firstRecordedAt = issued;
        lastAnsweredAt = Math.max(lastAnsweredAt, now);
        if (++done === total) finish();
      };
      // The dispatcher's own handler interface: no response stream or body buffer is built for an answer the
      // load process only counts.
      // (undici tells this interface from its older one by onRequestStart.)
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart: () => {},
        onResponseData: () => {},
        onResponseStart: (_controller, statusCode) => {
          status = statusCode;
        },
        onResponseEnd: () => settle(true),
        onResponseError: () => settle(false),
      };
      pool.dispatch(
        { method: "POST", path: job.path, headers: job.headers, body: job.bodies[index % job.bodies.length] },
        handler,
      );
    };
    const t0 = performance.now();
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - t0) * job.rate) / 1000) + 1);
      while (sent < due) {
        send(sent, t0 + (sent * 1000) / job.rate);
        sent++;
      }
      if (sent < total) setTimeout(tick, TICK_MS);
    };
    tick();
  });
}
