// The outage (issue 29; contract section 5, "When the store is down"): 3 API servers share one redis-server, which
// is stopped (SIGSTOP) for options.outageSeconds while a steady load checks three customers whose plans differ only in
// failMode (open, closed, local). Reported per fail mode: what was allowed during the outage, as a share of what the
// customer had left when it began and of the limit, the answers by status, and whether the store's count after it
// is what was used before plus what the servers allowed (local) or before alone (open and closed count nothing).
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startRedis } from "../api/dev/redis-server";
import type { LoadClient } from "./load/client";
import type { PacedResult, StatusCounts } from "./load/jobs";
import type { Options } from "./options";
import { onCleanUp, type ServerProcess, startServer } from "./processes";
import { admin } from "./seed";

export const OUTAGE_SERVERS = 3;
export const FAIL_MODES = ["open", "closed", "local"] as const;
export type FailMode = (typeof FAIL_MODES)[number];
/** The share of each customer's limit used before the outage, through the store. */
export const USED_BEFORE_SHARE = 0.2;
/**
 * The servers' STORE_TIMEOUT_MS, not the main bench's 5 s: an outage is noticed within it. 500 ms rather than the
 * service's default 100, as in api/src/entry/local-outage.redis.test.ts: a shared machine never makes an outage of
 * its own before the bench makes one.
 */
export const OUTAGE_STORE_TIMEOUT_MS = 500;
/** A server announces itself every second with a 5 s expiry: after this long each has counted the others. */
const MIN_SECONDS_BEFORE = 3;

export type OutageServerResult = {
  sent: number;
  statusCodes: StatusCounts;
  /** Checks with no answer (a connection lost). */
  errors: number;
};

export type OutageModeResult = {
  failMode: FailMode;
  plan: string;
  customerId: string;
  limit: number;
  /** Checks sent before the outage (each answered by the store, the servers in turn), and their answers. */
  before: { sent: number; statusCodes: StatusCounts; degraded: number };
  /** The store's count when the outage began (GET /v1/customers/{id}/usage), and what the limit left of it. */
  usedAtStart: number;
  leftAtStart: number;
  /** Checks sent while the redis-server was stopped, over all servers. */
  sent: number;
  statusCodes: StatusCounts;
  errors: number;
  /** Answers 200 during the outage. */
  allowed: number;
  allowedOfLeft: number;
  allowedOfLimit: number;
  /** Per server, in order. */
  byServer: OutageServerResult[];
  /** The store's count after the outage as each server reads it (GET usage), in order. */
  usedAfter: number[];
  /** What it should be: usedAtStart + allowed for local; usedAtStart for open and closed, which count nothing. */
  expectedAfter: number;
  /** Every server's reading equals expectedAfter. */
  countsAddUp: boolean;
};

export type OutageResults = {
  date: string;
  quick: boolean;
  servers: number;
  storeTimeoutMs: number;
  /** What each server counted sharing the store just before the outage (bouncer_store_servers), in order. */
  serversCounted: number[];
  /** Seconds from the servers' start (the last one ready) to the outage. */
  secondsBefore: number;
  /** Checks a second to each customer, over all servers together. */
  ratePerCustomer: number;
  /** How long the load ran, and how long the redis-server was really stopped (SIGSTOP to SIGCONT). */
  loadSeconds: number;
  stoppedSeconds: number;
  /** From SIGCONT until every server's /readyz answered 200, then the settle before usage was read. */
  readySeconds: number;
  settleSeconds: number;
  /** Whether the UTC day changed during the scenario: perDay windows restart at midnight, and nothing adds up then. */
  dayChanged: boolean;
  loadAverage: { start: number; end: number };
  modes: Record<FailMode, OutageModeResult>;
};

const sleep = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000));

async function getJson<T>(url: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** How many servers `server` counted sharing the store at its last presence (0 before the first). */
async function serversCounted(server: ServerProcess): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(/^bouncer_store_servers (\d+)/m.exec(text)?.[1] ?? 0);
}

/** What the store has counted of the customer's day, as `server` reads it. */
async function usedToday(server: ServerProcess, token: string, customerId: string, limit: number): Promise<number> {
  const usage = await getJson<{ limits: { name: string; limit: number; remaining: number }[] }>(
    server.url,
    token,
    `/v1/customers/${customerId}/usage`,
  );
  const day = usage.limits.find((l) => l.name === "day");
  if (!day || day.limit !== limit) throw new Error(`usage of ${customerId}: no day limit of ${limit}`);
  return day.limit - day.remaining;
}

async function check(
  server: ServerProcess,
  token: string,
  key: string,
): Promise<{ status: number; degraded: boolean }> {
  const res = await fetch(`${server.url}/v1/check`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ key }),
  });
  const body = (await res.json()) as { degraded?: boolean };
  return { status: res.status, degraded: body.degraded === true };
}

const add = (into: StatusCounts, from: StatusCounts) => {
  for (const [code, n] of Object.entries(from)) into[code] = (into[code] ?? 0) + n;
};

/** Runs the scenario on a redis-server and servers of its own, stopped again at its end. */
export async function runOutage(
  load: LoadClient,
  options: Options,
  log: (message: string) => void,
): Promise<OutageResults> {
  const loadAverageAtStart = loadavg()[0] ?? 0;
  const dayAtStart = new Date().toISOString().slice(0, 10);
  const dir = mkdtempSync(join(tmpdir(), "bouncer-outage-"));
  const servers: ServerProcess[] = [];
  const redisServer = await startRedis();
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.allSettled(servers.map((s) => s.stop()));
    await redisServer.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  onCleanUp(stop);
  const adminToken = `bench-outage-admin-${process.pid}`;
  const env = {
    DATABASE_URL: `file:${join(dir, "outage.db")}`,
    ADMIN_TOKEN: adminToken,
    STORE_TIMEOUT_MS: String(OUTAGE_STORE_TIMEOUT_MS),
    COUNTER_STORE: "redis",
    REDIS_URL: redisServer.url,
  };
  // One by one: the first creates the database, and the others never migrate at once.
  for (let i = 1; i <= OUTAGE_SERVERS; i++) {
    servers.push(
      await startServer({
        name: `Bouncer ${i} of ${OUTAGE_SERVERS}, outage`,
        script: "api/src/entry/node.ts",
        env,
      }),
    );
  }
  const startedAt = performance.now();
  log(`outage: redis-server and ${OUTAGE_SERVERS} servers up; seeding`);
  const first = servers[0] as ServerProcess;
  const limit = options.outageLimit;
  const customers = {} as Record<FailMode, { plan: string; customerId: string; key: string }>;
  for (const failMode of FAIL_MODES) {
    const plan = `bench-outage-${failMode}`;
    await admin(first.url, adminToken, "/v1/plans", {
      id: plan,
      name: `Bench outage, failMode ${failMode}`,
      perDay: limit,
      failMode,
    });
    const customer = await admin<{ id: string }>(first.url, adminToken, "/v1/customers", {
      name: `Bench outage customer, ${failMode}`,
      planId: plan,
    });
    const { key } = await admin<{ key: string }>(first.url, adminToken, `/v1/customers/${customer.id}/keys`, {});
    customers[failMode] = { plan, customerId: customer.id, key };
  }
  const { token } = await admin<{ token: string }>(first.url, adminToken, "/v1/tokens", {
    name: "bench outage",
    role: "service",
  });

  // Each customer's use before the outage, through the store, the servers in turn, so that each server's last answer
  // for the customer is one of the last three (its share is a third of what that answer left). The customers go side
  // by side; each one's checks one after the other.
  const usedBefore = Math.round(limit * USED_BEFORE_SHARE);
  const before = Object.fromEntries(
    FAIL_MODES.map((m) => [m, { sent: 0, statusCodes: {} as StatusCounts, degraded: 0 }]),
  ) as Record<FailMode, OutageModeResult["before"]>;
  await Promise.all(
    FAIL_MODES.map(async (failMode) => {
      const b = before[failMode];
      for (let i = 0; i < usedBefore; i++) {
        const answer = await check(servers[i % OUTAGE_SERVERS] as ServerProcess, token, customers[failMode].key);
        b.sent++;
        b.statusCodes[answer.status] = (b.statusCodes[answer.status] ?? 0) + 1;
        if (answer.degraded) b.degraded++;
      }
    }),
  );
  // Every server must have counted the others (a presence a second) before the store goes.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const counted = await Promise.all(servers.map(serversCounted));
    if ((performance.now() - startedAt) / 1000 >= MIN_SECONDS_BEFORE && counted.every((n) => n >= OUTAGE_SERVERS))
      break;
    if (Date.now() > deadline) throw new Error(`outage: the servers counted ${counted.join(", ")} sharing the store`);
    await sleep(0.1);
  }
  const usedAtStart = {} as Record<FailMode, number>;
  for (const failMode of FAIL_MODES)
    usedAtStart[failMode] = await usedToday(first, token, customers[failMode].customerId, limit);
  const counted = await Promise.all(servers.map(serversCounted));
  const secondsBefore = (performance.now() - startedAt) / 1000;

  log(
    `outage: ${usedBefore} checks of each customer before; stopping the redis-server for ${options.outageSeconds} s under ${options.outageRate} checks/s a customer`,
  );
  const perJob = options.outageRate / OUTAGE_SERVERS;
  redisServer.pause();
  const pausedAt = performance.now();
  // The load runs its time and every check is answered (by fail mode: the store does not answer) before SIGCONT, so
  // every check it sent was sent, and answered, while the store was stopped.
  const results = await Promise.all(
    FAIL_MODES.map((failMode) =>
      Promise.all(
        servers.map((server) =>
          load.paced({
            url: server.url,
            path: "/v1/check",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            bodies: [JSON.stringify({ key: customers[failMode].key })],
            rate: perJob,
            seconds: options.outageSeconds,
            warmupSeconds: 0,
            prime: false,
          }),
        ),
      ),
    ),
  );
  const loadSeconds = (performance.now() - pausedAt) / 1000;
  redisServer.resume();
  const stoppedSeconds = (performance.now() - pausedAt) / 1000;
  log(`outage: redis-server stopped ${stoppedSeconds.toFixed(1)} s; waiting for the servers to settle`);

  const resumedAt = performance.now();
  const readyBy = Date.now() + 30_000;
  for (const server of servers) {
    while (
      !(await fetch(`${server.url}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > readyBy) throw new Error(`outage: ${server.name} not ready 30 s after the store returned`);
      await sleep(0.1);
    }
  }
  const readySeconds = (performance.now() - resumedAt) / 1000;
  await sleep(options.outageSettleSeconds);

  const modes = {} as Record<FailMode, OutageModeResult>;
  FAIL_MODES.forEach((failMode, m) => {
    modes[failMode] = modeResult(failMode, results[m] as PacedResult[], {
      ...customers[failMode],
      limit,
      before: before[failMode],
      usedAtStart: usedAtStart[failMode],
    });
  });
  for (const failMode of FAIL_MODES) {
    const mode = modes[failMode];
    mode.usedAfter = await Promise.all(servers.map((s) => usedToday(s, token, mode.customerId, limit)));
    mode.countsAddUp = mode.usedAfter.every((n) => n === mode.expectedAfter);
  }
  await stop();
  return {
    date: new Date().toISOString(),
    quick: options.quick,
    servers: servers.length,
    storeTimeoutMs: OUTAGE_STORE_TIMEOUT_MS,
    serversCounted: counted,
    secondsBefore,
    ratePerCustomer: options.outageRate,
    loadSeconds,
    stoppedSeconds,
    readySeconds,
    settleSeconds: options.outageSettleSeconds,
    dayChanged: new Date().toISOString().slice(0, 10) !== dayAtStart,
    loadAverage: { start: loadAverageAtStart, end: loadavg()[0] ?? 0 },
    modes,
  };
}

function modeResult(
  failMode: FailMode,
  results: PacedResult[],
  c: {
    plan: string;
    customerId: string;
    limit: number;
    before: OutageModeResult["before"];
    usedAtStart: number;
  },
): OutageModeResult {
  const byServer = results.map((r) => ({ sent: r.responses + r.errors, statusCodes: r.statusCodes, errors: r.errors }));
  const statusCodes: StatusCounts = {};
  for (const r of results) add(statusCodes, r.statusCodes);
  const allowed = statusCodes["200"] ?? 0;
  const leftAtStart = c.limit - c.usedAtStart;
  return {
    failMode,
    plan: c.plan,
    customerId: c.customerId,
    limit: c.limit,
    before: c.before,
    usedAtStart: c.usedAtStart,
    leftAtStart,
    sent: byServer.reduce((sum, s) => sum + s.sent, 0),
    statusCodes,
    errors: byServer.reduce((sum, s) => sum + s.errors, 0),
    allowed,
    allowedOfLeft: allowed / leftAtStart,
    allowedOfLimit: allowed / c.limit,
    byServer,
    usedAfter: [],
    expectedAfter: c.usedAtStart + (failMode === "local" ? allowed : 0),
    countsAddUp: false,
  };
}

const thousands = (n: number) => Math.round(n).toLocaleString("en-US");

/** The console report of the scenario. */
export function formatOutage(o: OutageResults): string {
  const rows = [
    [
      "failMode",
      "sent",
      "allowed",
      "÷ left at start",
      "÷ limit",
      "200",
      "429",
      "503",
      "other",
      "store count after",
      "expected",
      "adds up",
    ],
    ...FAIL_MODES.map((failMode) => {
      const m = o.modes[failMode];
      const other =
        Object.entries(m.statusCodes)
          .filter(([code]) => !["200", "429", "503"].includes(code))
          .reduce((sum, [, n]) => sum + n, 0) + m.errors;
      const after = [...new Set(m.usedAfter)].map(thousands).join(" / ");
      return [
        failMode,
        thousands(m.sent),
        thousands(m.allowed),
        `${m.allowedOfLeft.toFixed(2)}×`,
        `${m.allowedOfLimit.toFixed(2)}×`,
        thousands(m.statusCodes["200"] ?? 0),
        thousands(m.statusCodes["429"] ?? 0),
        thousands(m.statusCodes["503"] ?? 0),
        thousands(other),
        after,
        thousands(m.expectedAfter),
        m.countsAddUp ? "yes" : "NO",
      ];
    }),
  ];
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  const local = o.modes.local;
  const { limit, usedAtStart, leftAtStart } = o.modes.open;
  const sameStart = FAIL_MODES.every((m) => o.modes[m].usedAtStart === usedAtStart && o.modes[m].limit === limit);
  const warnings = [
    ...FAIL_MODES.filter((m) => {
      const b = o.modes[m].before;
      return b.degraded > 0 || (b.statusCodes["200"] ?? 0) !== b.sent;
    }).map(
      (m) =>
        `  WARNING: ${m}: checks before the outage not all 200 from the store: ${JSON.stringify(o.modes[m].before)}`,
    ),
    ...(o.serversCounted.every((n) => n === o.servers)
      ? []
      : [`  WARNING: the servers counted ${o.serversCounted.join(", ")} sharing the store, not ${o.servers}`]),
    ...(local.allowed > local.leftAtStart
      ? [`  NOTE: local allowed ${local.allowed}, more than the ${local.leftAtStart} left at the start`]
      : []),
    ...(o.dayChanged ? ["  WARNING: the UTC day changed during the scenario: the day's counts restarted"] : []),
  ];
  return [
    `Outage: the redis-server stopped (SIGSTOP) ${o.stoppedSeconds.toFixed(1)} s under ${thousands(o.ratePerCustomer)} checks/s a customer over ${o.servers} API servers (STORE_TIMEOUT_MS ${o.storeTimeoutMs})${o.quick ? " (quick: numbers are not meaningful)" : ""}; load average ${o.loadAverage.start.toFixed(1)} at its start`,
    sameStart
      ? `  each plan perDay ${thousands(limit)}, ${thousands(usedAtStart)} used before the outage (${thousands(leftAtStart)} left); usage read ${o.settleSeconds} s after every server was ready again (${o.readySeconds.toFixed(1)} s after SIGCONT)`
      : `  perDay ${thousands(limit)}; used before the outage: ${FAIL_MODES.map((m) => `${m} ${o.modes[m].usedAtStart}`).join(", ")}`,
    line(rows[0] ?? []),
    widths.map((w) => "─".repeat(w)).join("  "),
    ...rows.slice(1).map(line),
    `  local, allowed by each server: ${local.byServer.map((s) => thousands(s.statusCodes["200"] ?? 0)).join(", ")} (a third of what was left: ${thousands(Math.floor(local.leftAtStart / o.servers))})`,
    "  (expected: what was used before, plus what the servers allowed for local; open and closed count nothing)",
    ...warnings,
  ].join("\n");
}
