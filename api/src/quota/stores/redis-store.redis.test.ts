// The store contract on real Redis over TCP: one redis-server, and a three-node Cluster.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { type RedisCluster, type RedisServer, startCluster, startRedis } from "../../../dev/redis-server";
import { ADDED_KINDS } from "../testing/added-kinds";
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
  ADDED_KINDS,
);
describeCounterStore(
  "Redis Cluster (integration, needs redis-server)",
  harness(() => ({ clusterNodes: cluster.seeds })),
  ADDED_KINDS,
);

/** A store on a clock the test sets, and a connection of the test's own to look at what the store wrote. */
async function onFixedClock(start: number) {
  const { Redis } = await import("ioredis");
  const client = new Redis(redis.url);
  const clock = { now: start };
  const store = createRedisStore({ url: redis.url, timeoutMs: 2000, clock: () => clock.now });
  const close = async () => {
    client.disconnect();
    await store.close();
  };
  return { client, store, clock, close };
}

/** Redis counts a key's time to live down in real time, so it may have lost a few ms when read. */
async function expectTimeToLive(client: { pttl(key: string): Promise<number> }, key: string, ms: number) {
  const ttl = await client.pttl(key);
  expect(ttl).toBeLessThanOrEqual(ms);
  expect(ttl).toBeGreaterThan(ms - 1000);
}

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
    // Stopped however the test ends, so that a failure leaves no redis-server running.
    const stops: (() => Promise<void> | void)[] = [() => own.stop(), () => droppers.close()];
    try {
      // Each node tells clients to reach it through its proxy; the nodes still talk to each other directly.
      const nodes = ports.map((port) => new Redis(port, "127.0.0.1"));
      stops.push(() => {
        for (const node of nodes) node.disconnect();
      });
      for (const [i, node] of nodes.entries()) {
        await node.config("SET", "cluster-announce-ip", "127.0.0.1");
        await node.config("SET", "cluster-announce-bus-port", String(own.nodes[i]?.busPort));
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
      const seeds = droppers.ports.map((port) => `127.0.0.1:${port}`);
      const direct = new Cluster(droppers.ports.map((port) => ({ host: "127.0.0.1", port })));
      stops.push(() => direct.disconnect());
      const store = createRedisStore({ clusterNodes: seeds, timeoutMs: 10_000 });
      stops.push(() => store.close());
      await lostAnswer(store, droppers, (key) => direct.hget(key, "hc"));
    } finally {
      for (const stop of stops.reverse()) await stop();
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

  test("a check that Redis runs long after its server gave up on it (a stall, then SIGCONT) changes nothing", async () => {
    const store = createRedisStore({ url: redis.url, timeoutMs: 100 });
    const limits = testSpec({ capacity: null, perMinute: null, hour: 10, day: null });
    // The first answer tells the store's clock; the checks after it carry the time they are too late to count at.
    await store.check("stalled", limits, 1);
    redis.pause();
    const late = store.check("stalled", limits, 1);
    // Nothing guards this store: the call waits for Redis, paused past the budget and the second after it.
    await new Promise((r) => setTimeout(r, 2500));
    redis.resume();
    await expect(late).rejects.toThrow(/^late: run at \d+, after its server gave up at \d+$/);
    expect((await store.usage("stalled", limits)).limits.find((l) => l.name === "hour")?.remaining).toBe(9);
    // A check in time counts as ever.
    expect((await store.check("stalled", limits, 1)).limits.find((l) => l.name === "hour")?.remaining).toBe(8);
    await store.close();
  });

  // Found by an audit: a refund held up in a stalled Redis for less than the second a check is given was applied after
  // its server had answered 503 (Retry-After: 1), so the client's retry refunded twice. A later audit found the same of
  // a settle: applied after its 503, its retry answered 409, which says the reservation kept its reserved cost. Neither
  // is applied once its server has given up; a release so held still is, once: sent again, it finds the lease ended.
  test("a refund or settle that Redis runs after its server gave up on it changes nothing, however soon after; a release applies once", async () => {
    const store = createRedisStore({ url: redis.url, timeoutMs: 100 });
    const limits = testSpec({ capacity: null, perMinute: null, hour: 100, day: null });
    const hour = async () => (await store.usage("giving", limits)).limits.find((l) => l.name === "hour")?.remaining;
    const reserved = { id: "sGivingBack0000000000001", ttlMs: 60_000, reserve: true };
    const held = { id: "sGivingBack0000000000002", ttlMs: 60_000, reserve: true };
    await store.check("giving", limits, 10, reserved);
    await store.check("giving", limits, 10, held);
    expect(await hour()).toBe(80);
    redis.pause();
    const refund = store.refund("giving", limits, 5);
    const settle = store.settle("giving", limits, reserved.id, 1);
    const release = store.release("giving", limits, held.id);
    // Past the budget, well within the second after it that a check may still count in.
    await new Promise((r) => setTimeout(r, 400));
    redis.resume();
    await expect(refund).rejects.toThrow(/^late: run at \d+, after its server gave up at \d+$/);
    await expect(settle).rejects.toThrow(/^late: run at \d+, after its server gave up at \d+$/);
    // The release freed its lease (a reservation keeps its cost); the settle changed nothing.
    expect(await release).not.toBeNull();
    expect(await hour()).toBe(80);
    // Sent again, the settle takes 9 of its 10 back, once.
    expect(
      (await store.settle("giving", limits, reserved.id, 1))?.limits.find((l) => l.name === "hour")?.remaining,
    ).toBe(89);
    expect(await hour()).toBe(89);
    expect(await store.settle("giving", limits, reserved.id, 1)).toBeNull();
    expect(await store.release("giving", limits, held.id)).toBeNull();
    // A refund that runs in the last quarter of the budget is too late as well: its answer could reach its server after
    // it gave up (a verification found 4 of 88 so applied and answered 503, Redis paused 98-104 ms).
    redis.pause();
    const edge = store.refund("giving", limits, 5);
    await new Promise((r) => setTimeout(r, 90));
    redis.resume();
    await expect(edge).rejects.toThrow(/^late: /);
    expect(await hour()).toBe(89);
    // Sent again in time, it applies once.
    expect((await store.refund("giving", limits, 5)).limits.find((l) => l.name === "hour")?.remaining).toBe(94);
    await store.close();
  });

  test("a subject's counters expire once they hold nothing, so idle customers cost nothing", async () => {
    const { Redis } = await import("ioredis");
    const client = new Redis(redis.url);
    let now = Date.parse("2026-11-30T10:20:30.000Z");
    const store = createRedisStore({ url: redis.url, timeoutMs: 2000, clock: () => now });
    const limits = testSpec({ capacity: 50_000, perMinute: 1, hour: null, day: null });
    const kept = (hour: string) => Date.parse(hour) + 86_400_000 - now;
    const expectTtl = (key: string, ms: number) => expectTimeToLive(client, key, ms);
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

  test("a customer checked about once a minute sets its counters' and its history's expiry once an hour, not at every check", async () => {
    const at = (time: string) => Date.parse(`2026-11-30T${time}.000Z`);
    const { client, store, clock, close } = await onFixedClock(at("10:00:30"));
    const subject = `hourly-${process.pid}`;
    const key = `rl:{${subject}}`;
    const limits = testSpec({ hour: 100, day: 1000 });
    const expiries = async () =>
      Number(/cmdstat_pexpire:calls=(\d+)/.exec(await client.info("commandstats"))?.[1] ?? 0);
    const expectTtl = (key: string, ms: number) => expectTimeToLive(client, key, ms);
    // Until a day past the hour's end, from the check that set it: Redis counts a time to live in its own time, which
    // the test's fixed clock does not move.
    const kept = (hourEnds: string, setAt: string) => at(hourEnds) + 86_400_000 - at(setAt);

    // Ten checks, each the first of its minute: the counters' expiry is set once, the hour's history hash once (when
    // the first minute moves into it), the day's total once. Each check used to set the first two again.
    const before = await expiries();
    for (let minute = 0; minute < 10; minute++) {
      clock.now = at(`10:0${minute}:30`);
      expect((await store.check(subject, limits, 1)).allowed).toBe(true);
    }
    expect((await expiries()) - before).toBe(3);
    await expectTtl(key, kept("11:00:00", "10:00:30"));
    await expectTtl(`${key}:m:${Math.floor(clock.now / 3_600_000)}`, kept("11:00:00", "10:01:30"));
    expect((await store.history(subject, 10)).map((m) => m.allowed)).toEqual(Array(10).fill(1));

    // The next hour keeps the counters a day past its end: the expiry is set again, as it must grow.
    clock.now = at("11:05:00");
    await store.check(subject, limits, 1);
    expect((await expiries()) - before).toBe(4);
    await expectTtl(key, kept("12:00:00", "11:05:00"));

    // A limit that keeps the counters longer (a week's, after a plan's edit) sets it again at the next minute, within
    // the hour: 2026-11-30 is a Monday, and its week ends on the next.
    clock.now = at("11:06:00");
    await store.check(subject, testSpec({ hour: 100, day: 1000, week: 5000 }), 1);
    await expectTtl(key, Date.parse("2026-12-07T00:00:00.000Z") - clock.now);

    await close();
  });

  test("a customer's last minute before it goes idle stays in its daily totals after its counters expire", async () => {
    const { client, store, clock, close } = await onFixedClock(Date.parse("2026-11-10T10:00:30.000Z"));
    const subject = `idle-bill-${process.pid}`;
    const limits = testSpec({ hour: 100, day: 1000 });
    for (let i = 0; i < 3; i++) await store.check(subject, limits, 1);
    clock.now += 60_000;
    for (let i = 0; i < 2; i++) await store.check(subject, limits, 1);
    expect((await store.daily(subject, 1))[0]).toMatchObject({ allowed: 5, denied: 0 });
    // A day and more later the counters, and the minute they held, have expired (a fixed clock cannot make Redis
    // expire them: delete them as it would). The day's total is what a bill is made from: it keeps every check.
    await client.del(`rl:{${subject}}`);
    clock.now += 2 * 86_400_000;
    expect((await store.daily(subject, 3))[0]).toMatchObject({
      day: Date.parse("2026-11-10T00:00:00.000Z"),
      allowed: 5,
    });
    await close();
  });

  test("a reset of a customer whose counters expired still keeps its earlier days out of a month limit gained after it", async () => {
    const { client, store, clock, close } = await onFixedClock(Date.parse("2026-12-01T10:00:00.000Z"));
    const subject = `reset-idle-${process.pid}`;
    for (let i = 0; i < 3; i++) await store.check(subject, testSpec({ day: 1000 }), 1);
    // Days later its counters have expired (deleted here, as Redis would), its days are kept: the reset clears nothing,
    // but says when it was, so that a month limit gained after it does not count the 3.
    clock.now = Date.parse("2026-12-04T10:00:00.000Z");
    await client.del(`rl:{${subject}}`);
    await store.reset(subject);
    await expectTimeToLive(client, `rl:{${subject}}:rt`, 400 * 86_400_000);
    clock.now = Date.parse("2026-12-05T10:00:00.000Z");
    const gained = await store.check(subject, testSpec({ day: 1000, month: 10 }), 1);
    expect(gained.limits.map((l) => [l.name, l.remaining])).toEqual([
      ["day", 999],
      ["month", 9],
    ]);
    expect((await store.daily(subject, 5))[0]).toMatchObject({ allowed: 3 });
    await close();
  });

  test("counters from before the days were counted at each check (mi and ma alone): their minute counts in the day once", async () => {
    const { client, store, clock, close } = await onFixedClock(Date.parse("2026-11-10T10:00:30.000Z"));
    const subject = `before-${process.pid}`;
    const key = `rl:{${subject}}`;
    // Four checks allowed this minute by the earlier check.lua, which added them to the day only when the minute was over.
    await client.hset(key, { mi: Math.floor(clock.now / 60_000), ma: 4 });
    await client.pexpire(key, 86_400_000);
    const limits = testSpec({ hour: 100, day: 1000 });
    const allowedToday = async () => (await store.daily(subject, 1))[0]?.allowed;
    expect(await allowedToday()).toBe(4);
    await store.check(subject, limits, 1);
    expect(await allowedToday()).toBe(5);
    clock.now += 60_000;
    await store.check(subject, limits, 1);
    expect(await allowedToday()).toBe(6);
    await store.check(subject, limits, 1);
    expect(await allowedToday()).toBe(7);
    expect((await store.history(subject, 2)).map((m) => m.allowed)).toEqual([5, 2]);
    await close();
  });

  test("days written before units were kept (no x field) read their units as their allowed checks, and keep counting", async () => {
    const { client, store, clock, close } = await onFixedClock(Date.parse("2026-11-10T10:00:30.000Z"));
    const subject = `before-units-${process.pid}`;
    const day = Math.floor(clock.now / 86_400_000);
    // Yesterday and today as the earlier days.lua left them: allowed and denied only.
    await client.hset(`rl:{${subject}}:d:${Math.floor(day / 64)}`, {
      [`${(day - 1) % 64}a`]: 6,
      [`${(day - 1) % 64}d`]: 2,
      [`${day % 64}a`]: 4,
    });
    const limits = testSpec({ hour: 100, day: 1000 });
    await store.check(subject, limits, 1);
    await store.check(subject, limits, 5);
    await store.refund(subject, limits, 2);
    expect((await store.daily(subject, 2)).map(({ allowed, denied, units }) => [allowed, denied, units])).toEqual([
      [6, 2, 6],
      [6, 0, 8],
    ]);
    await close();
  });

  test("a set of leases whose last lease is released keeps its expiry: a lease taken after and never released goes with it", async () => {
    const { client, store, clock, close } = await onFixedClock(Date.parse("2026-11-10T10:00:30.000Z"));
    const subject = `lease-set-${process.pid}`;
    const set = `rl:{${subject}}:c:`;
    const limits = testSpec({ hour: 100, concurrent: 5 });
    const lease = (id: string) => ({ id, ttlMs: 60_000, reserve: false });
    expect((await store.check(subject, limits, 1, lease("first"))).allowed).toBe(true);
    // Kept until a minute past the lease's end (10:01:30, on the whole second): 10:02:30.
    await expectTimeToLive(client, set, 120_000);
    expect(await store.release(subject, limits, "first")).not.toBeNull();
    // The client's request died with its lease: never released. Before, the release had emptied the set, Redis had
    // deleted it, and this lease made it again with no expiry, to be kept for ever after the counters expired.
    clock.now += 1000;
    expect((await store.check(subject, limits, 1, lease("second"))).allowed).toBe(true);
    expect(await client.pttl(set)).toBeGreaterThan(0);
    // What the set holds besides its leases never counts: one lease held, of five.
    const usage = await store.usage(subject, limits);
    expect(usage.limits.find((l) => l.name === "concurrent")).toMatchObject({ limit: 5, remaining: 4 });
    // Once its lease has ended, the next lease sweeps it and sets the expiry again.
    clock.now += 120_000;
    await client.del(set);
    expect((await store.check(subject, limits, 1, lease("third"))).allowed).toBe(true);
    expect(await store.release(subject, limits, "third")).not.toBeNull();
    expect((await store.check(subject, limits, 1, lease("fourth"))).allowed).toBe(true);
    expect(await client.pttl(set)).toBeGreaterThan(0);
    expect(await client.zrange(set, 0, -1)).toEqual(["", "fourth"]);
    await close();
  });

  test("an hour of history that expired is not made again without an expiry when its last minute moves into it late", async () => {
    const { client, store, clock, close } = await onFixedClock(Date.parse("2026-11-10T10:00:30.000Z"));
    const subject = `late-${process.pid}`;
    // A month's limit keeps the counters, and the minute they hold, for weeks.
    const limits = testSpec({ month: 1000 });
    await store.check(subject, limits, 1);
    clock.now += 60_000;
    await store.check(subject, limits, 1);
    const hour = `rl:{${subject}}:m:${Math.floor(clock.now / 3_600_000)}`;
    expect(await client.pttl(hour)).toBeGreaterThan(0);
    // Three days on, the hour's hash has expired (a fixed clock cannot make Redis expire it: delete it as it would).
    await client.del(hour);
    clock.now += 3 * 86_400_000;
    await store.check(subject, limits, 1);
    const left = await client.keys(`rl:{${subject}}:m:*`);
    for (const name of left) expect(await client.pttl(name)).toBeGreaterThan(0);
    expect(left).not.toContain(hour);
    await close();
  });
});
