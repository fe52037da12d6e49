// The store contract on real Redis over TCP: one redis-server, and a three-node Cluster.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { type RedisCluster, type RedisServer, startCluster, startRedis } from "../../../dev/redis-server";
import { answerDroppers, lostAnswer } from "../testing/lost-answer-scenario";
import { checksTogether } from "../testing/merged-checks-scenario";
import { describeCounterStore } from "../testing/store-contract";
import { testSpec } from "../testing/test-spec";
import { createRedisStore } from "./redis-store";
import { scripts } from "./scripts";

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

  test("checks that arrive together reach Redis as one script call, each counted as if alone; a broken one fails alone", async () => {
    const store = createRedisStore({ url: redis.url, timeoutMs: 2000 });
    expect(await checksTogether(store, redis.url)).toBe(1);
    await store.close();
  });

  test("behind one address, a Cluster refuses merged checks (CROSSSLOT): they go one by one, and merging stops", async () => {
    const behindOneAddress = await startCluster(1);
    const url = `redis://${behindOneAddress.seeds[0]}`;
    const store = createRedisStore({ url, timeoutMs: 2000 });
    try {
      // The first batch is refused and sent again check by check; the second is not merged at all.
      expect(await checksTogether(store, url)).toBe(6);
      expect(await checksTogether(store, url)).toBe(6);
    } finally {
      await store.close();
      await behindOneAddress.stop();
    }
  });

  test("on a Cluster, checks that arrive together for subjects in different slots are each answered", async () => {
    // Not merged there: one script call may only touch one slot.
    const store = createRedisStore({ clusterNodes: cluster.seeds, timeoutMs: 10_000 });
    const tag = `cluster-${process.pid}-${Date.now()}`;
    const limits = testSpec({ capacity: 2, perMinute: 1, hour: null, day: null });
    const decisions = await Promise.all(["a", "b", "a", "a", "b"].map((s) => store.check(`${tag}-${s}`, limits, 1)));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, true]);
    await store.close();
  });

  test("checks that arrive before the connection is up wait for it together, without a listener each", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    const store = createRedisStore({ url: redis.url, timeoutMs: 2000 });
    const subject = `early-${process.pid}-${Date.now()}`;
    const decisions = await Promise.all(
      Array.from({ length: 50 }, () =>
        store.check(subject, testSpec({ capacity: 40, perMinute: 1, hour: null, day: null }), 1),
      ),
    );
    await new Promise((r) => setImmediate(r));
    process.off("warning", onWarning);
    await store.close();
    expect(decisions.filter((d) => d.allowed)).toHaveLength(40);
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  });

  test("an answer lost after Redis ran the checks: they counted once, and are not sent again on reconnecting", async () => {
    const { Redis } = await import("ioredis");
    const direct = new Redis(redis.url);
    const droppers = await answerDroppers([Number(new URL(redis.url).port)]);
    const store = createRedisStore({ url: `redis://127.0.0.1:${droppers.ports[0]}`, timeoutMs: 2000 });
    try {
      await lostAnswer(store, droppers, (key) => direct.hget(key, "hc"));
    } finally {
      await store.close();
      await droppers.close();
      direct.disconnect();
    }
  });

  test("on a Cluster, an answer lost when a node's connection drops: counted once, not sent again", async () => {
    const { Cluster, Redis } = await import("ioredis");
    const own = await startCluster(3);
    const ports = own.nodes.map((node) => node.port);
    const droppers = await answerDroppers(ports);
    // Each node tells clients to reach it through its proxy; the nodes still talk to each other directly.
    const nodes = ports.map((port) => new Redis(port, "127.0.0.1"));
    for (const [i, node] of nodes.entries()) {
      await node.config("SET", "cluster-announce-ip", "127.0.0.1");
      await node.config("SET", "cluster-announce-bus-port", String((ports[i] as number) + 10000));
      await node.config("SET", "cluster-announce-port", String(droppers.ports[i]));
    }
    // Every node has heard of every other's new address before a client asks for the slots.
    await vi.waitFor(
      async () => {
        for (const node of nodes) {
          const slots = JSON.stringify(await node.cluster("SLOTS"));
          for (const proxy of droppers.ports) expect(slots).toContain(String(proxy));
        }
      },
      { timeout: 10_000, interval: 100 },
    );
    for (const node of nodes) node.disconnect();
    const seeds = droppers.ports.map((port) => `127.0.0.1:${port}`);
    const direct = new Cluster(droppers.ports.map((port) => ({ host: "127.0.0.1", port })));
    const store = createRedisStore({ clusterNodes: seeds, timeoutMs: 10_000 });
    try {
      await lostAnswer(store, droppers, (key) => direct.hget(key, "hc"));
    } finally {
      await store.close();
      direct.disconnect();
      await droppers.close();
      await own.stop();
    }
  }, 60_000);

  test("a counter field that is not a number reads as empty: the check answers, and never half-writes and fails", async () => {
    const { Redis } = await import("ioredis");
    const client = new Redis(redis.url);
    const now = Date.parse("2026-11-30T10:20:30.000Z");
    const store = createRedisStore({ url: redis.url, timeoutMs: 2000, clock: () => now });
    const subject = `garbled-${process.pid}-${Date.now()}`;
    // The bucket full (1 request, in 1/60000ths), the hour's and the day's counts garbled.
    await client.hset(`rl:{${subject}}`, { l: 60000, u: now, hi: Math.floor(now / 3_600_000), hc: "x" });
    await client.hset(`rl:{${subject}}`, { di: Math.floor(now / 86_400_000), dc: "x" });
    const denied = await store.check(subject, testSpec({ capacity: 1, perMinute: 1, hour: null, day: null }), 1);
    expect(denied.allowed).toBe(false);
    expect((await store.history(subject, 1))[0]).toMatchObject({ allowed: 0, denied: 1 });
    const allowed = await store.check(subject, testSpec({ capacity: null, perMinute: null, hour: 10, day: 10 }), 1);
    expect(allowed.limits.map((l) => [l.name, l.remaining])).toEqual([
      ["hour", 9],
      ["day", 9],
    ]);
    client.disconnect();
    await store.close();
  });

  test("with Redis TIME as the clock, a check reports the server's time", async () => {
    const store = createRedisStore({ url: redis.url, timeoutMs: 2000 });
    const before = Date.now();
    const d = await store.check("timed", testSpec({ capacity: null, perMinute: null, hour: 10, day: null }), 1);
    expect(d.nowMs).toBeGreaterThanOrEqual(before - 1000);
    expect(d.nowMs).toBeLessThanOrEqual(Date.now() + 1000);
    await store.close();
  });

  test("a subject's counters expire once they hold nothing, so idle customers cost nothing", async () => {
    const { Redis } = await import("ioredis");
    const client = new Redis(redis.url);
    let now = Date.parse("2026-11-30T10:20:30.000Z");
    const store = createRedisStore({ url: redis.url, timeoutMs: 2000, clock: () => now });
    const limits = testSpec({ capacity: 50_000, perMinute: 1, hour: null, day: null });
    const kept = (hour: string) => Date.parse(hour) + 86_400_000 - now;
    // Redis counts a key's time to live down in real time, so it may have lost a few ms when read.
    const expectTtl = async (key: string, ms: number) => {
      const ttl = await client.pttl(key);
      expect(ttl).toBeLessThanOrEqual(ms);
      expect(ttl).toBeGreaterThan(ms - 1000);
    };
    // The counters also hold the current minute's allowed checks (a minute of history), so they are kept as
    // long as the history keeps that minute: a day after its hour ends.
    await store.check("idle", limits, 1);
    await expectTtl("rl:{idle}", kept("2026-11-30T11:00:00.000Z"));
    expect(await client.keys("rl:{idle}:m:*")).toEqual([]);
    expect((await store.history("idle", 1))[0]?.allowed).toBe(1);
    // A new minute moves the last one into the history, which is kept as long.
    now = Date.parse("2026-11-30T10:59:00.000Z");
    await store.check("idle", limits, 1);
    const [hour] = await client.keys("rl:{idle}:m:*");
    expect(await client.hgetall(hour as string)).toEqual({ "20a": "1" });
    await expectTtl(hour as string, kept("2026-11-30T11:00:00.000Z"));
    // A bucket that takes longer than that to drain keeps its counters until it has: 2,001 requests, one a minute.
    await store.check("idle", limits, 2000);
    await expectTtl("rl:{idle}", 2001 * 60_000);
    // A month's limit keeps them until the month ends, a day at least.
    now = Date.parse("2026-11-12T10:00:00.000Z");
    await store.check("idle-month", testSpec({ month: 10 }), 1);
    await expectTtl("rl:{idle-month}", Date.parse("2026-12-01T00:00:00.000Z") - now);
    client.disconnect();
    await store.close();
  });
});
