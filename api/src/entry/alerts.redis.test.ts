// Alerts end to end (contract section 13): API servers on one counter store and one config store, a plan of 100 a day
// with alerts at 50 and 100, checks from every side at once, and a webhook receiver that verifies each delivery with
// the standardwebhooks package as an integrator's would. Exactly one event per threshold reaches it, whichever server
// made the crossing check, and one survives the server that answered it being killed.
import { afterAll, describe, expect, test } from "vitest";
import { counterStoreEnv } from "../../dev/counter-store-env";
import { callServer, type ServerProcess, startServer } from "../../dev/server-process";
import { tempDatabaseUrl } from "../testing/temp-database";
import { startReceiver } from "../webhooks/testing/receiver";

const ADMIN = "alerts-test-admin-token";
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const api = (server: ServerProcess, method: string, path: string, body?: unknown, token = ADMIN) =>
  callServer(server, token, method, path, body);

/** `servers` API servers on the counter store of `storeEnv` and one SQLite file, and a receiver with an endpoint. */
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The deliveries answered 2xx once there are `count`, waiting for them up to `timeoutMs`. */
async function delivered(receiver: Receiver, count: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = receiver.received.filter((r) => r.status < 300);
    if (ok.length >= count) return ok;
    if (Date.now() > deadline) throw new Error(`${ok.length} of ${count} deliveries: ${JSON.stringify(ok)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function setUp(storeEnv: Record<string, string>, servers: number, statuses: number[] = []) {
  let secret = "";
  const receiver = await startReceiver(() => secret, statuses);
  cleanups.push(() => receiver.close());
  const database = tempDatabaseUrl("alerts");
  // A generous budget: these tests are about counting, and a loaded machine must not turn them into an outage.
  const env = { ...storeEnv, DATABASE_URL: database, ADMIN_TOKEN: ADMIN, STORE_TIMEOUT_MS: "10000" };
  const first = await startServer(env);
  const rest = await Promise.all(Array.from({ length: servers - 1 }, () => startServer(env)));
  const all = [first, ...rest];
  for (const server of all) cleanups.push(() => server.kill());
  const endpoint = await api(first, "POST", "/v1/webhooks", { url: receiver.url, events: ["usage.threshold"] });
  expect(endpoint.status).toBe(201);
  secret = endpoint.json.secret;
  const service = (await api(first, "POST", "/v1/tokens", { name: "svc", role: "service" })).json.token as string;
  return { receiver, servers: all, first, service };
}

async function customerOn(server: ServerProcess, plan: Record<string, unknown>) {
  await api(server, "POST", "/v1/plans", { name: "Metered", ...plan });
  const customer = (await api(server, "POST", "/v1/customers", { name: "Acme", planId: plan.id })).json;
  const key = (await api(server, "POST", `/v1/customers/${customer.id}/keys`)).json.key as string;
  return { customerId: customer.id as string, key };
}

/** What reached the receiver as events, by id: each verified by standardwebhooks, of the type asked for. */
function events(receiver: Receiver) {
  const byId = new Map<string, { type: string; data: Record<string, unknown> }>();
  for (const r of receiver.received) {
    expect(r.verifyError).toBeUndefined();
    const body = JSON.parse(r.body);
    expect(body.type).toBe("usage.threshold");
    byId.set(r.id, body);
  }
  return byId;
}

async function exactlyOncePerThreshold(storeEnv: Record<string, string>, count: number) {
  const { receiver, servers, first, service } = await setUp(storeEnv, count);
  const { customerId, key } = await customerOn(first, { id: "metered", perDay: 100, alerts: [50, 100] });
  const results = await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      api(servers[i % servers.length] as ServerProcess, "POST", "/v1/check", { key }, service),
    ),
  );
  expect(results.filter((r) => r.status === 200)).toHaveLength(100);
  await delivered(receiver, 2);
  // Whatever is still under way has time to arrive: none does, as each threshold was raised once.
  await new Promise((r) => setTimeout(r, 3000));
  const got = events(receiver);
  expect(receiver.received).toHaveLength(2);
  const today = new Date().toISOString().slice(0, 10);
  expect([...got.values()].map((e) => e.data).sort((a, b) => Number(a.threshold) - Number(b.threshold))).toEqual([
    {
      customerId,
      planId: "metered",
      limit: "day",
      threshold: 50,
      used: 50,
      size: 100,
      windowStart: `${today}T00:00:00Z`,
      windowEnd: expect.stringMatching(/T00:00:00Z$/),
    },
    expect.objectContaining({ customerId, limit: "day", threshold: 100, used: 100, size: 100 }),
  ]);
}

describe("alerts from API servers on one counter store (integration, needs redis-server)", () => {
  test("Redis, three servers: 300 checks at once on 100 a day with alerts at 50 and 100 raise exactly two events", async () => {
    await exactlyOncePerThreshold(await counterStoreEnv("redis", cleanups), 3);
  }, 180_000);

  test("Redis Cluster, three servers: exactly two events", async () => {
    await exactlyOncePerThreshold(await counterStoreEnv("cluster", cleanups), 3);
  }, 180_000);

  test("Upstash, through the local REST endpoint, three servers: exactly two events", async () => {
    await exactlyOncePerThreshold(await counterStoreEnv("upstash", cleanups), 3);
  }, 180_000);

  test("the memory store, one server: exactly two events", async () => {
    await exactlyOncePerThreshold({ COUNTER_STORE: "memory" }, 1);
  }, 180_000);

  test("the server that answered the crossing check is killed at once: another delivers its event, once", async () => {
    // The receiver turns the first try away, so a server that tried before it died did not deliver the event.
    const { receiver, servers, first, service } = await setUp(await counterStoreEnv("redis", cleanups), 3, [503]);
    const { key } = await customerOn(first, { id: "small", perDay: 10, alerts: [50] });
    for (let i = 0; i < 4; i++) expect((await api(first, "POST", "/v1/check", { key }, service)).status).toBe(200);
    const crossing = await api(first, "POST", "/v1/check", { key }, service);
    expect(crossing.status).toBe(200);
    await first.kill("SIGKILL");
    await delivered(receiver, 1, 120_000);
    const [event, ...others] = [...events(receiver).values()];
    expect([event?.data, others]).toEqual([
      expect.objectContaining({ limit: "day", threshold: 50, used: 5, size: 10 }),
      [],
    ]);
    // More checks on the others raise nothing more: the threshold was raised once, by the killed server's check.
    for (let i = 0; i < 5; i++) await api(servers[1 + (i % 2)] as ServerProcess, "POST", "/v1/check", { key }, service);
    await new Promise((r) => setTimeout(r, 3000));
    expect(events(receiver).size).toBe(1);
  }, 240_000);
  // check.lua records what a settle reaches as raised in the same step: were it not sent, it would be lost.
  test("Redis: a settle whose greater cost reaches the thresholds raises each once", async () => {
    const { receiver, first, service } = await setUp(await counterStoreEnv("redis", cleanups), 1);
    const { key } = await customerOn(first, { id: "llm", perDay: 100, alerts: [50, 100] });
    const reserved = await api(first, "POST", "/v1/check", { key, cost: 10, reserve: true }, service);
    expect(reserved.status).toBe(200);
    const settled = await api(first, "POST", "/v1/settle", { lease: reserved.json.lease.id, cost: 120 }, service);
    expect(settled.status).toBe(200);
    await delivered(receiver, 2);
    await new Promise((r) => setTimeout(r, 1000));
    expect([...events(receiver).values()].map((e) => [e.data.threshold, e.data.used]).sort()).toEqual([
      [100, 120],
      [50, 120],
    ]);
  }, 120_000);
});
