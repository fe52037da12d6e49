// GET /v1/usage over Redis with a thousand customers (integration, needs redis-server): the page reads every one
// of them from Redis and answers what their own usage says. How long that takes is the bench's to measure: here the
// store's budget is generous, so a loaded machine cannot turn a slow read into a 503.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RedisServer, startRedis } from "../../dev/redis-server";
import type { Logger } from "../deps";
import { createMetrics } from "../metrics";
import { guardStore } from "../quota/guard/guarded-store";
import { createRedisStore } from "../quota/stores/redis-store";
import { testApp } from "../test-support";

const CUSTOMERS = 1000;

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.stop());

describe("GET /v1/usage on Redis (integration, needs redis-server)", () => {
  test("a thousand customers read, as their own usage says, without an error or an open breaker", {
    timeout: 60_000,
  }, async () => {
    const errors: string[] = [];
    const logger: Logger = { debug: () => {}, info: () => {}, error: (message) => errors.push(message) };
    const metrics = createMetrics({ processDefaults: false });
    const counters = guardStore(createRedisStore({ url: redis.url, timeoutMs: 30_000 }), {
      timeoutMs: 30_000,
      logger,
      metrics,
    });
    const t = await testApp({ counters, metrics });
    await t.call("POST", "/v1/plans", { body: { id: "pro", name: "Pro", burst: 20, perMinute: 100, perHour: 5000 } });
    for (let i = 0; i < CUSTOMERS; i++) {
      const made = await t.config.customers.create(
        { id: `c${String(i).padStart(4, "0")}`, name: `Customer ${i}`, planId: "pro", billingDay: null },
        "test",
      );
      expect(made.ok).toBe(true);
    }
    const service = (await t.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json.token;
    const key = (await t.call("POST", "/v1/customers/c0500/keys")).json.key;
    for (let i = 0; i < 3; i++) await t.call("POST", "/v1/check", { token: service, body: { key } });

    for (let refresh = 0; refresh < 3; refresh++) {
      const res = await t.call("GET", "/v1/usage?limit=1");
      expect(res.status, res.text).toBe(200);
      expect(res.json.total).toBe(CUSTOMERS);
      const [nearest] = res.json.customers;
      expect(nearest.customerId).toBe("c0500");
      expect(nearest.allowed).toBe(3);
      const usage = (await t.call("GET", "/v1/customers/c0500/usage")).json;
      expect(nearest.limits.slice(1)).toEqual(usage.limits.slice(1));
    }
    expect(counters.available).toBe(true);
    expect(errors).toEqual([]);
    await counters.close();
  });
});
