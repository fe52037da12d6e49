// Latency at a fixed rate: an open-loop schedule of checks over keep-alive connections, each a plain TCP socket.
import { connect, type Socket } from "node:net";
import { percentile } from "../stats";
import type { PacedJob, PacedResult, StatusCounts } from "./jobs";

const TICK_MS = 1;
/** Connections opened before the schedule starts: enough for this long of checks in flight at the job's rate. */
const WARM_CONNECTIONS_MS = 20;
/** Beyond this many connections a check waits for one to be free (it is still timed from when it was due to leave). */
const MAX_CONNECTIONS = 2048;
const HEADER_END = Buffer.from("\r\n\r\n");

type Connection = {
  socket: Socket;
  /** The check in flight, or -1. */
  index: number;
  sentAt: number;
  /** Bytes of an answer that came in pieces. */
  partial: Buffer | undefined;
};

/**
 * Sends check i at t0 + i / rate whether or not earlier ones have been answered (a closed loop, autocannon's
 * `overallRate` included, would measure the queue it builds itself, or hide the one the server builds). A check
 * leaves on an idle connection, or on a new one when none is idle, so a slow server cannot hold the schedule back.
 *
 * Written on `node:net` rather than an HTTP client: the load process shares two cores with the server under test
 * and Redis, and undici's Pool spent 30-60 µs of CPU per check at 12,000-18,000 checks/s, the load process then
 * falling up to 30 ms behind its own schedule. Here a check is one prepared write and one read: about 15 µs. An
 * answer is read as far as its status line and Content-Length (every server measured sends one); the body is
 * counted, not parsed.
 *
 * Each check is timed from the moment it is written. Node's timers fire about once a millisecond, so a check leaves
 * up to ~1 ms after its due time; how late checks left is reported beside (`scheduleLagP99Ms`).
 */
export function paced(job: PacedJob): Promise<PacedResult> {
  const url = new URL(job.url);
  const head = Object.entries(job.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  const requests = job.bodies.map((body) =>
    Buffer.from(
      `POST ${job.path} HTTP/1.1\r\nHost: ${url.host}\r\n${head}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    ),
  );
  const total = Math.round(job.rate * (job.warmupSeconds + job.seconds));
  const recordFrom = Math.round(job.rate * job.warmupSeconds);
  const latencies = new Float64Array(total - recordFrom).fill(Number.NaN);
  const lags = new Float64Array(total - recordFrom).fill(Number.NaN);
  const statusCodes: StatusCounts = {};
  const connections: Connection[] = [];
  const idle: Connection[] = [];
  /** Checks due while MAX_CONNECTIONS were all busy, with when they were due. */
  const waiting: { index: number; due: number }[] = [];
  let errors = 0;
  let sent = 0;
  let done = 0;
  let firstRecordedAt = 0;
  let lastAnsweredAt = 0;
  let finished: () => void = () => {};

  const send = (connection: Connection, index: number, sentAt: number) => {
    connection.index = index;
    connection.sentAt = sentAt;
    connection.socket.write(requests[index % requests.length] as Buffer);
  };

  const settle = (connection: Connection, status: number | undefined) => {
    const now = performance.now();
    const index = connection.index;
    connection.index = -1;
    if (status === undefined) errors++;
    else {
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
      if (index >= recordFrom) latencies[index - recordFrom] = now - connection.sentAt;
    }
    if (index === recordFrom) firstRecordedAt = connection.sentAt;
    lastAnsweredAt = Math.max(lastAnsweredAt, now);
    if (++done === total) finished();
  };

  /** Reads one answer; the socket carries one check at a time, so whatever comes is that check's. */
  const onData = (connection: Connection, chunk: Buffer) => {
    const data = connection.partial ? Buffer.concat([connection.partial, chunk]) : chunk;
    const end = data.indexOf(HEADER_END);
    const header = end < 0 ? "" : data.toString("latin1", 0, end);
    const length = /\r\ncontent-length: *(\d+)/i.exec(header)?.[1];
    if (end < 0 || (length !== undefined && data.length < end + 4 + Number(length))) {
      connection.partial = data;
      return;
    }
    connection.partial = undefined;
    if (length === undefined) {
      // An answer without a length (chunked) cannot be told apart from the next: count it as an error.
      settle(connection, undefined);
      connection.socket.destroy();
      return;
    }
    settle(connection, Number(header.slice(9, 12)));
    const next = waiting.shift();
    if (next) send(connection, next.index, next.due);
    else idle.push(connection);
  };

  const open = (): Connection => {
    const socket = connect(Number(url.port), url.hostname);
    socket.setNoDelay(true);
    const connection: Connection = { socket, index: -1, sentAt: 0, partial: undefined };
    socket.on("data", (chunk: Buffer) => onData(connection, chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      if (connection.index >= 0) settle(connection, undefined);
      const at = idle.indexOf(connection);
      if (at >= 0) idle.splice(at, 1);
    });
    connections.push(connection);
    return connection;
  };

  const warm = Math.min(MAX_CONNECTIONS, Math.max(8, Math.ceil((job.rate * WARM_CONNECTIONS_MS) / 1000)));
  const ready = Array.from({ length: warm }, () => {
    const connection = open();
    return new Promise<void>((resolve, reject) => {
      connection.socket.once("connect", () => {
        idle.push(connection);
        resolve();
      });
      connection.socket.once("error", reject);
    });
  });

  return Promise.all(ready).then(
    () =>
      new Promise<PacedResult>((resolve) => {
        finished = () => {
          for (const connection of connections) connection.socket.destroy();
          const recorded = latencies.filter((l) => !Number.isNaN(l)).sort();
          const lag = lags.filter((l) => !Number.isNaN(l)).sort();
          resolve({
            responses: Object.values(statusCodes).reduce((a, b) => a + b, 0),
            p50Ms: percentile(recorded, 50),
            p99Ms: percentile(recorded, 99),
            scheduleLagP99Ms: percentile(lag, 99),
            achievedRate: recorded.length / ((lastAnsweredAt - firstRecordedAt) / 1000),
            connections: connections.length,
            statusCodes,
            errors,
          });
        };
        const t0 = performance.now();
        const tick = () => {
          const due = Math.min(total, Math.floor(((performance.now() - t0) * job.rate) / 1000) + 1);
          while (sent < due) {
            const now = performance.now();
            if (sent >= recordFrom) lags[sent - recordFrom] = now - (t0 + (sent * 1000) / job.rate);
            const connection = idle.pop() ?? (connections.length < MAX_CONNECTIONS ? open() : undefined);
            if (connection) send(connection, sent, now);
            else waiting.push({ index: sent, due: now });
            sent++;
          }
          if (sent < total) setTimeout(tick, TICK_MS);
        };
        tick();
      }),
  );
}
