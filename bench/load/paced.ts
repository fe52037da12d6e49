// Latency at a fixed rate: an open-loop schedule of checks over a pool of keep-alive connections, each a plain
// TCP socket.
import { connect, type Socket } from "node:net";
import { percentile } from "../stats";
import type { PacedJob, PacedResult, StatusCounts } from "./jobs";

const TICK_MS = 1;
/** The pool holds enough connections for this long of checks in flight at the job's rate (at least MIN_POOL). */
const POOL_MS = 20;
const MIN_POOL = 8;
const HEADER_END = Buffer.from("\r\n\r\n");

type Connection = {
  socket: Socket;
  /** The check in flight, or -1. */
  index: number;
  /** When the check was due to leave: when it was written, or earlier if it waited for a connection. */
  startedAt: number;
  /** Bytes of an answer that came in pieces. */
  partial: Buffer | undefined;
  /** Called with the answer's status (undefined: no answer) when the check in flight ends. */
  onAnswer: (status: number | undefined) => void;
};

/**
 * Sends check i at t0 + i / rate whether or not earlier ones have been answered (a closed loop, autocannon's
 * `overallRate` included, would measure the queue it builds itself, or hide the one the server builds). Checks go
 * out over a pool of keep-alive connections, as a backend's HTTP client would send them; a check that finds every
 * connection busy waits for one, and its time is counted from when it was due, so a server that stalls is charged
 * for the whole wait (no coordinated omission).
 *
 * The pool is opened, and each connection used once, before the schedule starts. Opening connections on demand
 * (as this driver first did) turned a stall into a storm of new connections, and at 18,000 checks/s the server's
 * accept queue overflowed: connections whose first SYN was dropped waited the kernel's 1 s retransmission, which
 * measured the listen backlog, not the check.
 *
 * Written on `node:net` rather than an HTTP client: the load process shares two cores with the server under test
 * and Redis, and undici's Pool spent 30-60 µs of CPU per check at 12,000-18,000 checks/s, the load process then
 * falling up to 30 ms behind its own schedule. Here a check is one prepared write and one read: about 15 µs. An
 * answer is read as far as its status line and Content-Length (every server measured sends one); the body is
 * counted, not parsed.
 *
 * Node's timers fire about once a millisecond, so a check leaves up to ~1 ms after its due time: it is timed from
 * the moment it is written (a check that waited for a connection, from its due time), and how late checks left is
 * reported beside (`scheduleLagP99Ms`).
 */
export async function paced(job: PacedJob): Promise<PacedResult> {
  const url = new URL(job.url);
  const head = Object.entries(job.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  const requests = job.bodies.map((body) =>
    Buffer.from(
      `POST ${job.path} HTTP/1.1\r\nHost: ${url.host}\r\n${head}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    ),
  );

  /** Reads one answer; a socket carries one check at a time, so whatever comes is that check's. */
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
      // An answer without a length (chunked) cannot be told apart from the next: counted as no answer.
      connection.socket.destroy();
      return;
    }
    connection.onAnswer(Number(header.slice(9, 12)));
  };

  const size = Math.max(MIN_POOL, Math.ceil((job.rate * POOL_MS) / 1000));
  const pool = await Promise.all(
    Array.from(
      { length: size },
      () =>
        new Promise<Connection>((resolve, reject) => {
          const socket = connect(Number(url.port), url.hostname);
          socket.setNoDelay(true);
          const connection: Connection = { socket, index: -1, startedAt: 0, partial: undefined, onAnswer: () => {} };
          socket.on("data", (chunk: Buffer) => onData(connection, chunk));
          socket.once("connect", () => resolve(connection));
          socket.once("error", reject);
        }),
    ),
  );
  // Each connection carries one check before the schedule starts, so that what a server sets up for a new
  // connection is not part of the first recorded checks (unless the job counts every check it sends: prime false).
  if (job.prime !== false) {
    await Promise.all(
      pool.map(
        (connection, i) =>
          new Promise<void>((resolve) => {
            connection.onAnswer = () => resolve();
            connection.socket.once("close", () => resolve());
            connection.socket.write(requests[i % requests.length] as Buffer);
          }),
      ),
    );
  }
  let live = pool.filter((connection) => !connection.socket.destroyed).length;

  const total = Math.round(job.rate * (job.warmupSeconds + job.seconds));
  const recordFrom = Math.round(job.rate * job.warmupSeconds);
  const latencies = new Float64Array(total - recordFrom).fill(Number.NaN);
  const lags = new Float64Array(total - recordFrom).fill(Number.NaN);
  const statusCodes: StatusCounts = {};
  const idle: Connection[] = [];
  /** Checks due while every connection was busy, with when they were due. */
  const waiting: { index: number; due: number }[] = [];
  let errors = 0;
  let sent = 0;
  let done = 0;
  let firstRecordedAt = 0;
  let lastAnsweredAt = 0;

  return new Promise<PacedResult>((resolve) => {
    const finish = () => {
      for (const connection of pool) connection.socket.destroy();
      const recorded = latencies.filter((l) => !Number.isNaN(l)).sort();
      const lag = lags.filter((l) => !Number.isNaN(l)).sort();
      resolve({
        responses: Object.values(statusCodes).reduce((a, b) => a + b, 0),
        p50Ms: percentile(recorded, 50),
        p99Ms: percentile(recorded, 99),
        scheduleLagP99Ms: percentile(lag, 99),
        achievedRate: recorded.length / ((lastAnsweredAt - firstRecordedAt) / 1000),
        connections: pool.length,
        statusCodes,
        errors,
      });
    };

    const send = (connection: Connection, index: number, startedAt: number) => {
      connection.index = index;
      connection.startedAt = startedAt;
      connection.socket.write(requests[index % requests.length] as Buffer);
    };

    const settle = (connection: Connection, status: number | undefined) => {
      const index = connection.index;
      if (index < 0) return;
      connection.index = -1;
      const now = performance.now();
      if (status === undefined) errors++;
      else {
        statusCodes[status] = (statusCodes[status] ?? 0) + 1;
        if (index >= recordFrom) latencies[index - recordFrom] = now - connection.startedAt;
      }
      if (index === recordFrom) firstRecordedAt = connection.startedAt;
      lastAnsweredAt = Math.max(lastAnsweredAt, now);
      if (++done === total) finish();
    };

    for (const connection of pool) {
      connection.onAnswer = (status) => {
        settle(connection, status);
        const next = waiting.shift();
        if (next) send(connection, next.index, next.due);
        else idle.push(connection);
      };
      // A connection lost with a check in flight: that check has no answer, and the pool is one smaller. With no
      // connection left, every check not yet answered has none.
      connection.socket.on("close", () => {
        settle(connection, undefined);
        const at = idle.indexOf(connection);
        if (at >= 0) idle.splice(at, 1);
        if (--live === 0) lost();
      });
      connection.socket.on("error", () => {});
      if (!connection.socket.destroyed) idle.push(connection);
    }
    const lost = () => {
      if (done === total) return;
      errors += total - done;
      done = total;
      sent = total;
      finish();
    };
    if (live === 0) return lost();

    const t0 = performance.now();
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - t0) * job.rate) / 1000) + 1);
      while (sent < due) {
        const now = performance.now();
        if (sent >= recordFrom) lags[sent - recordFrom] = now - (t0 + (sent * 1000) / job.rate);
        const connection = idle.pop();
        if (connection) send(connection, sent, now);
        else waiting.push({ index: sent, due: t0 + (sent * 1000) / job.rate });
        sent++;
      }
      if (sent < total) setTimeout(tick, TICK_MS);
    };
    tick();
  });
}
