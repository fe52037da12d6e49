// Local shares across processes (contract section 12, issue 19): three API servers spend shares of one hot
// customer's quota taken from one store, and the total allowed still never exceeds its limit.
import { Agent, request } from "node:http";
import { afterAll, describe, expect, test } from "vitest";
import { counterStoreEnv } from "../../dev/counter-store-env";
import { startRedis } from "../../dev/redis-server";
import { callServer, type ServerProcess, startServer } from "../../dev/server-process";
import { tempDatabaseUrl } from "../testing/temp-database";

const ADMIN = "local-shares-test-admin-token";
const SHARE = 100;
const PER_DAY = 3000;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const api = (server: ServerProcess, method: string, path: string, body?: unknown, token = ADMIN) =>
  callServer(server, token, method, path, body);

/**
 * A check sent over a pool of 100 kept-alive connections per server, as a backend service sends them: thousands of
 * checks at once need not be thousands of sockets (which, opened at once, can meet a server closing an idle one).
 */
function check(server: ServerProcess, agent: Agent, token: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}/v1/check`, {
      method: "POST",
      agent,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode as number));
    });
    req.on("error", reject);
    req.end(JSON.stringify({ key }));
  });
}

/** Polls `read` until `done` holds of what it returns, or fails with the last value after `ms`. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function hotCustomerAcrossServers(storeEnv: Record<string, string>) {
  const database = tempDatabaseUrl("shares");
  // A generous budget: this test is about counting, and a loaded machine must not turn it into an outage.
  const env = { ...storeEnv, DATABASE_URL: database, ADMIN_TOKEN: ADMIN, STORE_TIMEOUT_MS: "10000" };
  const first = await startServer(env);
  const rest = await Promise.all([startServer(env), startServer(env)]);
  const servers = [first, ...rest];
  cleanups.push(...servers.map((s) => () => s.kill()));

  // Fail closed: an answer the store did not give can never pass as an allowed check.
  const plan = { id: "hot", name: "Hot", perDay: PER_DAY, failMode: "closed", localShare: SHARE };
  expect((await api(first, "POST", "/v1/plans", plan)).json.localShare).toBe(SHARE);
  const service = (await api(first, "POST", "/v1/tokens", { name: "svc", role: "service" })).json.token;
  const customer = async (name: string) => {
    const made = (await api(first, "POST", "/v1/customers", { name, planId: "hot" })).json;
    return { id: made.id as string, key: (await api(first, "POST", `/v1/customers/${made.id}/keys`)).json.key };
  };
  const dayOf = async (id: string, server = first) => {
    const usage = (await api(server, "GET", `/v1/customers/${id}/usage`, undefined, service)).json;
    return usage.limits.find((l: { name: string }) => l.name === "day") as { remaining: number; held?: number };
  };

  // 4,000 concurrent checks of one customer, spread over the three servers.
  const hot = await customer("Hot Ltd");
  const agents = servers.map(() => new Agent({ keepAlive: true, maxSockets: 100 }));
  cleanups.push(() => {
    for (const agent of agents) agent.destroy();
  });
  const statuses = await Promise.all(
    Array.from({ length: 4000 }, (_, i) =>
      check(servers[i % 3] as ServerProcess, agents[i % 3] as Agent, service, hot.key),
    ),
  );
  expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
  const allowed = statuses.filter((s) => s === 200).length;
  // Never more than the limit; at most one share per server left unspent while they are held.
  expect(allowed).toBeLessThanOrEqual(PER_DAY);
  expect(allowed).toBeGreaterThanOrEqual(PER_DAY - 3 * SHARE);
  // What is held, is held: the store has counted the day as used by what was allowed and what servers still hold.
  const during = await dayOf(hot.id);
  expect(PER_DAY - during.remaining).toBeGreaterThanOrEqual(allowed);
  expect(PER_DAY - during.remaining - allowed).toBeLessThanOrEqual(3 * SHARE);

  // Once the shares go back (within about a second of going unused), usage shows exactly what was allowed, on every
  // server, with nothing held; and the history counts every check, allowed from a share or not.
  for (const server of servers) {
    const after = await until(
      () => dayOf(hot.id, server),
      (day) => day.remaining === PER_DAY - allowed && day.held === undefined,
    );
    expect(after).toMatchObject({ remaining: PER_DAY - allowed });
    expect(after.held).toBeUndefined();
  }
  const today = await until(
    async () => (await api(first, "GET", `/v1/customers/${hot.id}/usage/daily?days=1`)).json.points[0],
    (point) => point.allowed + point.denied === 4000,
  );
  expect(today).toMatchObject({ allowed, denied: 4000 - allowed, units: allowed });

  // Shutdown gives back every share: 50 checks on one server, stopped at once, leave exactly 50 used.
  const quiet = await customer("Quiet Ltd");
  const fifty = await Promise.all(
    Array.from({ length: 50 }, () => api(first, "POST", "/v1/check", { key: quiet.key }, service)),
  );
  expect(fifty.map((r) => r.status)).toEqual(Array(50).fill(200));
  const held = await dayOf(quiet.id, rest[0]);
  expect(held.remaining).toBeLessThan(PER_DAY - 50);
  expect(held.held).toBeGreaterThan(0);
  await first.kill("SIGTERM");
  expect(await first.exited).toBe(0);
  expect(await dayOf(quiet.id, rest[0])).toEqual({
    name: "day",
    limit: PER_DAY,
    remaining: PER_DAY - 50,
    reset: expect.any(Number),
  });
}

describe("local shares: three API servers and one hot customer (integration, needs redis-server)", () => {
  test("Redis: of 4,000 concurrent checks against 3,000 a day, at most 3,000 and at least 2,700 pass", async () => {
    await hotCustomerAcrossServers(await counterStoreEnv("redis", cleanups));
  }, 180_000);

  test("Redis Cluster: the same", async () => {
    await hotCustomerAcrossServers(await counterStoreEnv("cluster", cleanups));
  }, 180_000);

  test("Upstash, through the local REST endpoint: the same", async () => {
    await hotCustomerAcrossServers(await counterStoreEnv("upstash", cleanups));
  }, 180_000);

  test("a stalled store: a held share is still spent, exactly; then the plan's fail mode answers", async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const server = await startServer({
      REDIS_URL: redis.url,
      DATABASE_URL: tempDatabaseUrl("shares"),
      ADMIN_TOKEN: ADMIN,
      STORE_TIMEOUT_MS: "300",
    });
    cleanups.push(() => server.kill());
    const plan = { id: "metered", name: "Metered", perDay: PER_DAY, failMode: "closed", localShare: SHARE };
    expect((await api(server, "POST", "/v1/plans", plan)).status).toBe(201);
    const service = (await api(server, "POST", "/v1/tokens", { name: "svc", role: "service" })).json.token;
    const made = (await api(server, "POST", "/v1/customers", { name: "Acme", planId: "metered" })).json;
    const key = (await api(server, "POST", `/v1/customers/${made.id}/keys`)).json.key;
    const check = async () => (await api(server, "POST", "/v1/check", { key }, service)).status;

    // The first check takes a share of 100 with it (and its own unit).
    expect(await check()).toBe(200);
    redis.pause();
    // With Redis frozen, the units held are this server's to spend: 100 of them, one by one.
    const statuses: number[] = [];
    for (let i = 0; i < 110; i++) statuses.push(await check());
    expect(statuses.slice(0, 100)).toEqual(Array(100).fill(200));
    // Then a share cannot be taken: the plan fails closed.
    expect(statuses.slice(100)).toEqual(Array(10).fill(503));
    redis.resume();

    // Back: what was allowed is counted, and at most one share and the 10 refused checks more: a call Redis ran after
    // the server had given up on it is counted, never handed out (the count errs towards using quota up), and after a
    // take failed the server sends checks alone until the store answers again, risking one unit each, not a share.
    // (Usage answers 503 until the breaker's probe finds the store back.)
    const day = await until(
      async () => (await api(server, "GET", `/v1/customers/${made.id}/usage`, undefined, service)).json.limits?.[0],
      (entry) => entry !== undefined && entry.held === undefined && entry.remaining <= PER_DAY - 101,
    );
    expect(PER_DAY - day.remaining).toBeGreaterThanOrEqual(101);
    expect(PER_DAY - day.remaining).toBeLessThanOrEqual(101 + SHARE + 10);
    // The day's totals, a bill's, count every check allowed from the share while Redis was frozen: their records,
    // refused while the store did not answer, are sent again until it does, and added once.
    const today = await until(
      async () => (await api(server, "GET", `/v1/customers/${made.id}/usage/daily?days=1`)).json.points?.[0],
      (point) => point !== undefined && point.allowed >= 101,
    );
    expect(today.allowed).toBeGreaterThanOrEqual(101);
    expect(today.allowed).toBeLessThanOrEqual(111);
  }, 120_000);
});
