// Real faults: redis-server stalled (SIGSTOP) and killed (SIGKILL), and a whole Cluster stalled. Every plan answers
// by its fail mode within the budget, nothing crashes, and checks reach the store again soon after it returns.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { type RedisCluster, type RedisServer, startCluster, startRedis } from "../../../dev/redis-server";
import { startUpstashEndpoint } from "../../../dev/upstash-endpoint";
import { createMetrics } from "../../metrics";
import { testApp } from "../../test-support";
import { createRedisStore } from "../stores/redis-store";
import { createUpstashStore } from "../stores/upstash-store";
import { BUDGET_MS, MARGIN_MS, outageScenario } from "../testing/outage-scenario";
import { guardStore } from "./guarded-store";

describe("when Redis fails (integration, needs redis-server)", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(() => redis.resume());
  afterAll(() => redis?.stop());

  test("stalled with SIGSTOP, then resumed with SIGCONT", async () => {
    const measured = await outageScenario(() => createRedisStore({ url: redis.url, timeoutMs: BUDGET_MS }), {
      begin: () => redis.pause(),
      end: () => redis.resume(),
    });
    console.log("redis SIGSTOP", measured);
  }, 30_000);

  test("a denied customer is still answered from the deny cache while the store is stalled", async () => {
    const counters = guardStore(createRedisStore({ url: redis.url, timeoutMs: BUDGET_MS }), {
      timeoutMs: BUDGET_MS,
      logger: { debug: () => {}, info: () => {}, error: () => {} },
      metrics: createMetrics({ processDefaults: false }),
    });
    const t = await testApp({ counters });
    await t.call("POST", "/v1/plans", { body: { id: "tight", name: "Tight", perDay: 1, failMode: "open" } });
    const customer = (await t.call("POST", "/v1/customers", { body: { name: "A", planId: "tight" } })).json.id;
    const key = (await t.call("POST", `/v1/customers/${customer}/keys`)).json.key;
    await t.call("POST", "/v1/check", { body: { key } });
    expect((await t.call("POST", "/v1/check", { body: { key } })).status).toBe(429);
    redis.pause();
    for (let i = 0; i < 20; i++) {
      const res = await t.call("POST", "/v1/check", { body: { key } });
      expect(res.status).toBe(429);
      expect(res.json.degraded).toBe(false);
    }
    redis.resume();
    await counters.close();
  });

  test("a request's reads together (GET /v1/usage over Upstash, as on a Worker) run out within the budget, and count in the breaker checks rely on", async () => {
    const endpoint = await startUpstashEndpoint({ redisUrl: redis.url });
    const lines: string[] = [];
    const store = createUpstashStore({
      url: endpoint.url,
      token: endpoint.token,
      timeoutMs: BUDGET_MS,
      mergeRequests: false,
      abortAfterBudget: false,
    });
    const counters = guardStore(store, {
      timeoutMs: BUDGET_MS,
      logger: { debug: () => {}, info: () => {}, error: (message) => lines.push(message) },
      metrics: createMetrics({ processDefaults: false }),
      timerPerCall: true,
    });
    const t = await testApp({ counters });
    await t.call("POST", "/v1/plans", { body: { id: "open", name: "Open", perMinute: 1000, failMode: "open" } });
    for (let i = 0; i < 20; i++) await t.call("POST", "/v1/customers", { body: { name: `C${i}`, planId: "open" } });
    const customer = (await t.call("POST", "/v1/customers", { body: { name: "Checked", planId: "open" } })).json.id;
    const key = (await t.call("POST", `/v1/customers/${customer}/keys`)).json.key;
    expect((await t.call("GET", "/v1/usage")).status).toBe(200);

    redis.pause();
    // Each refresh fails at once as one failure of the breaker's, which opens at the third.
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await t.call("GET", "/v1/usage");
      expect([res.status, res.json.error.code]).toEqual([503, "store_unavailable"]);
      expect(performance.now() - started).toBeLessThan(BUDGET_MS + MARGIN_MS);
    }
    expect(counters.available).toBe(false);
    expect(lines.filter((l) => l.startsWith("counter store unavailable"))).toHaveLength(1);
    // So a check is answered by its plan's fail mode at once, without waiting on the store.
    const started = performance.now();
    expect((await t.call("POST", "/v1/check", { body: { key } })).json).toMatchObject({
      allowed: true,
      degraded: true,
    });
    expect(performance.now() - started).toBeLessThan(MARGIN_MS);

    redis.resume();
    let status = 0;
    for (const until = Date.now() + 3000; status !== 200 && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await t.call("GET", "/v1/usage")).status;
    }
    expect(status).toBe(200);
    await counters.close();
    await endpoint.close();
  });

  test("killed with SIGKILL, then started again on the same port", async () => {
    const measured = await outageScenario(() => createRedisStore({ url: redis.url, timeoutMs: BUDGET_MS }), {
      begin: () => redis.kill(),
      end: () => redis.restart(),
    });
    console.log("redis SIGKILL", measured);
  }, 30_000);
});

describe("when a Redis Cluster fails (integration, needs redis-server)", () => {
  let cluster: RedisCluster;
  beforeAll(async () => {
    cluster = await startCluster(3);
  }, 60_000);
  afterEach(() => {
    for (const node of cluster.nodes) node.resume();
  });
  afterAll(() => cluster?.stop());

  // Killing every node is left out: how soon restarted nodes agree again is the Cluster's own (seconds), not ours.
  test("every node stalled with SIGSTOP, then resumed", async () => {
    const measured = await outageScenario(
      () => createRedisStore({ clusterNodes: cluster.seeds, timeoutMs: BUDGET_MS }),
      {
        begin: () => {
          for (const node of cluster.nodes) node.pause();
        },
        end: () => {
          for (const node of cluster.nodes) node.resume();
        },
      },
    );
    console.log("cluster SIGSTOP", measured);
  }, 30_000);
});
