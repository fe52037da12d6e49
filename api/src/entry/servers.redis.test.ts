// Exact across processes: three API servers share one counter store, one of them with its clock 90 s off.
import { afterAll, describe, expect, test } from "vitest";
import { counterStoreEnv } from "../../dev/counter-store-env";
import { callServer, type ServerProcess, startServer } from "../../dev/server-process";
import { tempDatabaseUrl } from "../testing/temp-database";

const ADMIN = "servers-test-admin-token";
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const api = (server: ServerProcess, method: string, path: string, body?: unknown, token = ADMIN) =>
  callServer(server, token, method, path, body);

async function exactAcrossServers(storeEnv: Record<string, string>) {
  const database = tempDatabaseUrl("servers");
  // A generous budget: this test is about counting, and a loaded machine must not turn it into an outage.
  const env = { ...storeEnv, DATABASE_URL: database, ADMIN_TOKEN: ADMIN, STORE_TIMEOUT_MS: "10000" };
  const first = await startServer(env);
  const [second, skewed] = await Promise.all([startServer(env), startServer(env, { skewMs: -90_000 })]);
  cleanups.push(
    () => first.kill(),
    () => second.kill(),
    () => skewed.kill(),
  );
  const servers = [first, second, skewed];
  // The skew is real: what the skewed server writes with its own clock is 90 s behind.
  await api(skewed, "POST", "/v1/tokens", { name: "clock-probe" });
  const probe = (await api(first, "GET", "/v1/audit?limit=1")).json.entries[0];
  expect(Date.now() - Date.parse(probe.at)).toBeGreaterThan(80_000);

  // Fail closed: an answer the store did not give can never pass as an allowed check.
  await api(first, "POST", "/v1/plans", { id: "daily", name: "Daily", perDay: 300, failMode: "closed" });
  const customer = (await api(first, "POST", "/v1/customers", { name: "Acme", planId: "daily" })).json;
  const key = (await api(first, "POST", `/v1/customers/${customer.id}/keys`)).json.key;
  const service = (await api(first, "POST", "/v1/tokens", { name: "svc", role: "service" })).json.token;

  const results = await Promise.all(
    Array.from({ length: 900 }, (_, i) => api(servers[i % 3] as ServerProcess, "POST", "/v1/check", { key }, service)),
  );
  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
  expect(statuses.filter((s) => s === 200)).toHaveLength(300);
  expect(statuses.filter((s) => s === 429)).toHaveLength(600);

  // Every server, the skewed one included, reports the window by the store's clock: the same UTC day.
  const resets = new Set(results.map((r) => r.json.limits[0].reset));
  expect(resets.size).toBe(1);
  const dayEnd = Math.ceil(Date.now() / 86_400_000) * 86_400;
  expect([...resets][0]).toBe(dayEnd);
  for (const server of servers) {
    const usage = await api(server, "GET", `/v1/customers/${customer.id}/usage`, undefined, service);
    expect(usage.json.limits).toEqual([{ name: "day", limit: 300, remaining: 0, reset: dayEnd }]);
  }
}

describe("three API servers on one counter store (integration, needs redis-server)", () => {
  test("Redis: 900 concurrent checks against a limit of 300 a day allow exactly 300", async () => {
    await exactAcrossServers(await counterStoreEnv("redis", cleanups));
  }, 120_000);

  test("Upstash, through the local REST endpoint: exactly 300 of 900", async () => {
    await exactAcrossServers(await counterStoreEnv("upstash", cleanups));
  }, 120_000);

  test("Redis Cluster: exactly 300 of 900", async () => {
    await exactAcrossServers(await counterStoreEnv("cluster", cleanups));
  }, 120_000);
});
