// The store contract on real Redis over TCP: one redis-server, and a three-node Cluster.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RedisCluster, type RedisServer, startCluster, startRedis } from "../../dev/redis-server";
import { createRedisStore } from "./redis-store";
import { scripts } from "./scripts";
import { describeCounterStore } from "./store-contract";

let redis: RedisServer;
let cluster: RedisCluster;
beforeAll(async () => {
  [redis, cluster] = await Promise.all([startRedis(), startCluster(3)]);
}, 60_000);
afterAll(async () => {
  await Promise.all([redis?.stop(), cluster?.stop()]);
});

function harness(options: () => { url?: string; clusterNodes?: string[] }) {
  return async () => {
    let now = 0;
    // The budget covers connecting too: a Cluster client's first connection (seeds, CLUSTER SLOTS, then each node)
    // has taken over 2 s while the whole suite runs in parallel on two cores. Timing is not what this suite tests.
    const store = createRedisStore({ ...options(), timeoutMs: 10_000, clock: () => now });
    return {
      store,
      setTime: async (ms: number) => {
        now = ms;
      },
      close: () => store.close(),
    };
  };
}

describeCounterStore(
  "Redis (integration, needs redis-server)",
  harness(() => ({ url: redis.url })),
);
describeCounterStore(
  "Redis Cluster (integration, needs redis-server)",
  harness(() => ({ clusterNodes: cluster.seeds })),
);

describe("Redis store (integration, needs redis-server)", () => {
  test("the scripts' SHAs are those Redis computes for the files in lua/", async () => {
    const { Redis } = await import("ioredis");
    const client = new Redis(redis.url);
    for (const script of Object.values(scripts)) expect(await client.script("LOAD", script.source)).toBe(script.sha);
    client.disconnect();
  });

  test("after SCRIPT FLUSH the script is sent again and the check still answers", async () => {
    const { Redis } = await import("ioredis");
    const client = new Redis(redis.url);
    await client.script("FLUSH");
    const store = createRedisStore({ url: redis.url, timeoutMs: 2000 });
    const d = await store.check("flushed", { capacity: 1, perMinute: 1, hour: null, day: null }, 1);
    expect(d.allowed).toBe(true);
    expect(await client.script("EXISTS", scripts.check.sha)).toEqual([1]);
    client.disconnect();
    await store.close();
  });

  test("with Redis TIME as the clock, a check reports the server's time", async () => {
    const store = createRedisStore({ url: redis.url, timeoutMs: 2000 });
    const before = Date.now();
    const d = await store.check("timed", { capacity: null, perMinute: null, hour: 10, day: null }, 1);
    expect(d.nowMs).toBeGreaterThanOrEqual(before - 1000);
    expect(d.nowMs).toBeLessThanOrEqual(Date.now() + 1000);
    await store.close();
  });

  test("a subject's counters expire once they hold nothing, so idle customers cost nothing", async () => {
    const { Redis } = await import("ioredis");
    const client = new Redis(redis.url);
    const store = createRedisStore({ url: redis.url, timeoutMs: 2000 });
    await store.check("idle", { capacity: 5, perMinute: 5, hour: 10, day: 100 }, 1);
    const ttl = await client.pttl("rl:{idle}");
    const endOfDay = 86_400_000 - (Date.now() % 86_400_000);
    expect(ttl).toBeGreaterThan(0);
    expect(Math.abs(ttl - endOfDay)).toBeLessThan(5000);
    const historyKeys = await client.keys("rl:{idle}:m:*");
    expect(historyKeys).toHaveLength(1);
    expect(await client.pttl(historyKeys[0] as string)).toBeGreaterThan(86_400_000 - 5000);
    client.disconnect();
    await store.close();
  });
});
