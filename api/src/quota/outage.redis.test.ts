// Real faults: redis-server stalled (SIGSTOP) and killed (SIGKILL). Every plan answers by its fail mode within
// the budget, nothing crashes, and checks reach the store again soon after it returns.
import { afterAll, afterEach, beforeAll, describe, test } from "vitest";
import { type RedisServer, startRedis } from "../../dev/redis-server";
import { BUDGET_MS, outageScenario } from "./outage-scenario";
import { createRedisStore } from "./redis-store";

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

  test("killed with SIGKILL, then started again on the same port", async () => {
    const measured = await outageScenario(() => createRedisStore({ url: redis.url, timeoutMs: BUDGET_MS }), {
      begin: () => redis.kill(),
      end: () => redis.restart(),
    });
    console.log("redis SIGKILL", measured);
  }, 30_000);
});
