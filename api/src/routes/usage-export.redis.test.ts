// GET /v1/usage/export on real Redis (integration, needs redis-server): the rows are what /usage/daily reads from
// daily.lua, for every customer, in CSV and JSON.
import { afterAll, beforeAll, test } from "vitest";
import { type RedisServer, startRedis } from "../../dev/redis-server";
import { createRedisStore } from "../quota/stores/redis-store";
import { exportMatchesDaily } from "./testing/usage-export-scenario";

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
}, 60_000);
afterAll(async () => {
  await redis?.stop();
});

test("every customer's rows are its /usage/daily days with any check, in CSV and JSON (integration, needs redis-server)", async () => {
  const clock = { now: 0 };
  const store = createRedisStore({ url: redis.url, timeoutMs: 10_000, clock: () => clock.now });
  try {
    await exportMatchesDaily(store, clock);
  } finally {
    await store.close();
  }
});
