// Latency at a fixed rate: an open-loop schedule of checks over keep-alive node:http connections.
import { Agent, request } from "node:http";
import { percentile } from "../stats";
import type { PacedJob, PacedResult, StatusCounts } from "./jobs";

const TICK_MS = 1;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Sends check i at t0 + i / rate whether or not earlier ones have been answered, and times each from that moment:
 * a closed loop (autocannon's `overallRate` included, which sends each second's quota in a burst) would measure
 * the queue it builds itself, or hide the one the server builds.
 */
export function paced(job: PacedJob): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const { hostname, port } = new URL(job.url);
  const total = Math.round(job.rate * (job.warmupSeconds + job.seconds));
  const recordFrom = Math.round(job.rate * job.warmupSeconds);
  const latencies = new Float64Array(total - recordFrom).fill(Number.NaN);
  const statusCodes: StatusCounts = {};
  let errors = 0;
  let sent = 0;
  let done = 0;
  let firstRecordedAt = 0;
  let lastAnsweredAt = 0;

  return new Promise((resolve) => {
    const finish = () => {
      agent.destroy();
      const recorded = latencies.filter((l) => !Number.isNaN(l)).sort();
      const responses = Object.values(statusCodes).reduce((a, b) => a + b, 0);
      resolve({
        responses,
        p50Ms: percentile(recorded, 50),
        p99Ms: percentile(recorded, 99),
        achievedRate: recorded.length / ((lastAnsweredAt - firstRecordedAt) / 1000),
        statusCodes,
        errors,
      });
    };
    const settle = (index: number, due: number, status: number | undefined) => {
      const now = performance.now();
      if (status === undefined) errors++;
      else {
        statusCodes[status] = (statusCodes[status] ?? 0) + 1;
        if (index >= recordFrom) latencies[index - recordFrom] = now - due;
      }
      if (index === recordFrom) firstRecordedAt = due;
      lastAnsweredAt = Math.max(lastAnsweredAt, now);
      if (++done === total) finish();
    };
    const send = (index: number, due: number) => {
      const body = job.bodies[index % job.bodies.length] as string;
      const req = request(
        {
          agent,
          hostname,
          port,
          method: "POST",
          path: job.path,
          headers: { ...job.headers, "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on("end", () => settle(index, due, res.statusCode));
        },
      );
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy());
      req.on("error", () => settle(index, due, undefined));
      req.end(body);
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
