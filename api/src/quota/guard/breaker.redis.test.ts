// The breaker on a real Redis: one batch that answers late is one failure, so the checks after it reach Redis again.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RedisServer, startRedis } from "../../../dev/redis-server";
import { createMetrics } from "../../metrics";
import { testApp } from "../../testing/test-app";
import { createRedisStore } from "../stores/redis-store";
import { BUDGET_MS } from "../testing/outage-scenario";
import { guardStore } from "./guarded-store";

describe("a late batch and the circuit breaker (integration, needs redis-server)", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());

  test("sixteen checks stalled together fail by fail mode, and the next check is counted by Redis", async () => {
    const lines: string[] = [];
    const counters = guardStore(createRedisStore({ url: redis.url, timeoutMs: BUDGET_MS }), {
      timeoutMs: BUDGET_MS,
      logger: { debug: () => {}, info: () => {}, error: (message) => lines.push(message) },
      metrics: createMetrics({ processDefaults: false }),
    });
    const t = await testApp({ counters });
    await t.call("POST", "/v1/plans", { body: { id: "metered", name: "M", perDay: 1000, failMode: "closed" } });
    const customer = (await t.call("POST", "/v1/customers", { body: { name: "A", planId: "metered" } })).json.id;
    const key = (await t.call("POST", `/v1/customers/${customer}/keys`)).json.key;
    const check = () => t.call("POST", "/v1/check", { body: { key } });
    expect((await check()).status).toBe(200);

    // Redis stalls past the budget with one batch in flight, then answers it late.
    redis.pause();
    const stalled = await Promise.all(Array.from({ length: 16 }, check));
    redis.resume();
    expect(stalled.map((r) => r.status)).toEqual(Array(16).fill(503));

    // Not an outage: the breaker stayed closed, so the next check waits for no probe.
    const next = await check();
    expect(next.status).toBe(200);
    expect(next.json.degraded).toBe(false);
    expect(lines.filter((l) => l.startsWith("counter store unavailable"))).toEqual([]);
    await counters.close();
  });
});
