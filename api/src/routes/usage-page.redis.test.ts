// GET /v1/usage over Redis with a thousand customers (integration, needs redis-server): the page finds the customer
// nearest a limit on the board the servers mark, and answers what its own usage says; another server's checks show on
// it once that server has marked the board. How long that takes is the bench's to measure: here the store's budget is
// generous, so a loaded machine cannot turn a slow read into a 503.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RedisServer, startRedis } from "../../dev/redis-server";
import type { Logger } from "../deps";
import { createMetrics } from "../metrics";
import { guardStore } from "../quota/guard/guarded-store";
import { createRedisStore } from "../quota/stores/redis-store";
import { testApp } from "../testing/test-app";

const CUSTOMERS = 1000;

type Point = { allowed: number; denied: number };
const totalOf = (points: Point[]) =>
  points.reduce((sum, p) => ({ allowed: sum.allowed + p.allowed, denied: sum.denied + p.denied }), {
    allowed: 0,
    denied: 0,
  });

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

  test("checks made on one server show on another's Live page once the first has marked the board", {
    timeout: 60_000,
  }, async () => {
    const store = () =>
      guardStore(createRedisStore({ url: redis.url, timeoutMs: 30_000 }), {
        timeoutMs: 30_000,
        logger: { debug: () => {}, info: () => {}, error: () => {} },
        metrics: createMetrics({ processDefaults: false }),
      });
    const checking = await testApp({ counters: store() });
    const watching = await testApp({ url: checking.url, counters: store() });
    await checking.call("POST", "/v1/plans", { body: { id: "tight", name: "Tight", perDay: 4 } });
    const service = (await checking.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json.token;
    const made = (await checking.call("POST", "/v1/customers", { body: { name: "Zed", planId: "tight" } })).json;
    await checking.call("POST", "/v1/customers", { body: { name: "Amy", planId: "tight" } });
    const key = (await checking.call("POST", `/v1/customers/${made.id}/keys`)).json.key;
    const before = totalOf((await watching.call("GET", "/v1/usage?limit=1")).json.traffic.points);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await checking.call("POST", "/v1/check", { token: service, body: { key } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);

    // Asked until the marks are in (they leave once a second; the test's timeout ends a server that never sends them).
    let page = (await watching.call("GET", "/v1/usage?sort=denied&limit=1")).json;
    while (page.topThrottled.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = (await watching.call("GET", "/v1/usage?sort=denied&limit=1")).json;
    }
    expect(page.customers.map((c: { name: string }) => c.name)).toEqual(["Zed"]);
    expect(page.topThrottled).toEqual([{ customerId: made.id, name: "Zed", allowed: 4, denied: 2 }]);
    // Everyone's traffic on this Redis: the first test's checks are in it too.
    expect(totalOf(page.traffic.points)).toEqual({ allowed: before.allowed + 4, denied: before.denied + 2 });
    expect((await watching.call("GET", "/v1/usage?limit=1")).json.customers[0].name).toBe("Zed");
  });
});
