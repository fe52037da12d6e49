// The check script as a Redis Function (script-functions.ts) on real redis-servers: called by FCALL once loaded,
// loaded again when Redis lost it, and by EVALSHA where Redis will not load or call it.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { type RedisCluster, type RedisServer, startCluster, startRedis } from "../../../dev/redis-server";
import type { CounterStore } from "../store";
import { testSpec } from "../testing/test-spec";
import { createRedisStore } from "./redis-store";
import { scripts } from "./scripts";

const fn = scripts.check.fn as NonNullable<typeof scripts.check.fn>;
const limits = testSpec({ capacity: 3, perMinute: 1, hour: null, day: null });

let redis: RedisServer;
let cluster: RedisCluster;
beforeAll(async () => {
  [redis, cluster] = await Promise.all([startRedis(), startCluster(3)]);
}, 60_000);
afterAll(async () => {
  await Promise.all([redis?.stop(), cluster?.stop()]);
});

/** Calls of each command Redis ran since it started, and as `<command>!` those that failed (an error reply). */
async function calls(client: Redis): Promise<Record<string, number>> {
  const stats = await client.info("commandstats");
  return Object.fromEntries(
    [...stats.matchAll(/cmdstat_(\w+):calls=(\d+),.*failed_calls=(\d+)/g)].flatMap(([, name, n, failed]) => [
      [name, Number(n)],
      [`${name}!`, Number(failed)],
    ]),
  );
}

/** What each command gained between two readings of calls(). */
const gained = (after: Record<string, number>, before: Record<string, number>, command: string) =>
  (after[command] ?? 0) - (before[command] ?? 0);

const libraries = async (client: Redis) =>
  ((await client.function("LIST", "LIBRARYNAME", "bouncer_*")) as unknown[][]).map((entry) => String(entry[1]));

/** Five checks in one turn of the event loop against a bucket of 3: three allowed, then two denied. */
async function fiveTogether(store: CounterStore, subject: string) {
  const decisions = await Promise.all(Array.from({ length: 5 }, () => store.check(subject, limits, 1)));
  return decisions.map((d) => d.allowed);
}

describe("the check script as a Redis Function (integration, needs redis-server)", () => {
  test("servers of one version load one library, and every check goes by FCALL, none by EVALSHA", async () => {
    const direct = new Redis(redis.url);
    const stores = [0, 1].map(() => createRedisStore({ url: redis.url, timeoutMs: 2000 }));
    try {
      await Promise.all(stores.map((s) => s.ping()));
      expect(await libraries(direct)).toEqual([fn.name]);
      const before = await calls(direct);
      const subject = `fcall-${process.pid}-${Date.now()}`;
      for (const store of stores) for (let i = 0; i < 3; i++) await store.check(subject, limits, 1);
      const after = await calls(direct);
      expect(gained(after, before, "fcall")).toBe(6);
      expect(gained(after, before, "evalsha")).toBe(0);
      expect(gained(after, before, "eval")).toBe(0);
      // Counted as by EVALSHA: a bucket of 3 took 3 and was full for the next three.
      expect((await stores[0]?.check(subject, limits, 0))?.limits[0]?.remaining).toBe(0);
    } finally {
      direct.disconnect();
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  test("Redis restarted empty, or its functions flushed: checks go by source once, count once, and FCALL resumes", async () => {
    const own = await startRedis();
    const store = createRedisStore({ url: own.url, timeoutMs: 2000 });
    try {
      await store.ping();
      await store.check("warm", limits, 1);

      // A restart without persistence: the reconnected store finds no function.
      await own.restart();
      const direct = new Redis(own.url);
      await vi.waitFor(() => store.ping(), { timeout: 10_000, interval: 100 });
      expect(await fiveTogether(store, "after-restart")).toEqual([true, true, true, false, false]);
      expect(await libraries(direct)).toEqual([fn.name]);

      // Flushed behind the store's back: the merged call of five checks is refused, then runs once by source.
      await store.ping();
      await direct.function("FLUSH");
      const before = await calls(direct);
      expect(await fiveTogether(store, "after-flush")).toEqual([true, true, true, false, false]);
      const after = await calls(direct);
      expect(gained(after, before, "fcall!")).toBe(1);
      expect(gained(after, before, "eval")).toBe(1);
      await vi.waitFor(async () => expect(await libraries(direct)).toEqual([fn.name]), { timeout: 5000 });
      await store.ping();
      const resumed = await calls(direct);
      expect((await store.check("after-flush", limits, 1)).allowed).toBe(false);
      expect(gained(await calls(direct), resumed, "fcall")).toBe(1);
      direct.disconnect();
    } finally {
      await store.close();
      await own.stop();
    }
  }, 30_000);

  test("a user whose ACL refuses FUNCTION, or FCALL: every check by EVALSHA, and by source once after SCRIPT FLUSH", async () => {
    const direct = new Redis(redis.url);
    for (const refused of ["function", "fcall"]) {
      const user = `no-${refused}-${process.pid}`;
      await direct.acl("SETUSER", user, "on", ">secret", "~*", "&*", "+@all", `-${refused}`);
      const url = new URL(redis.url);
      url.username = user;
      url.password = "secret";
      const store = createRedisStore({ url: url.toString(), timeoutMs: 2000 });
      try {
        await store.ping();
        await direct.script("FLUSH");
        const before = await calls(direct);
        expect(await fiveTogether(store, `acl-${refused}-${Date.now()}`)).toEqual([true, true, true, false, false]);
        const after = await calls(direct);
        expect(gained(after, before, "evalsha")).toBe(1);
        expect(gained(after, before, "eval")).toBe(1);
        expect(gained(after, before, "fcall")).toBe(0);
        expect(await direct.script("EXISTS", scripts.check.sha)).toEqual([1]);
      } finally {
        await store.close();
      }
    }
    direct.disconnect();
  });

  test("during a rolling deploy each version keeps its own library, named by its script's SHA", async () => {
    const own = await startRedis();
    const direct = new Redis(own.url);
    const older = "0".repeat(40);
    await direct.function("LOAD", `${fn.library.replaceAll(scripts.check.sha, older)}\n-- an older check.lua`);
    // A server of this version starts while the older version's servers still run.
    const store = createRedisStore({ url: own.url, timeoutMs: 2000 });
    try {
      await store.ping();
      expect((await libraries(direct)).sort()).toEqual([`bouncer_check_${older}`, fn.name].sort());
      const before = await calls(direct);
      expect(await fiveTogether(store, "deploy")).toEqual([true, true, true, false, false]);
      expect(gained(await calls(direct), before, "fcall")).toBe(1);
      // The older version's servers still reach theirs.
      expect(await direct.fcall(`bouncer_check_${older}`, 0, "0")).toEqual([]);
    } finally {
      direct.disconnect();
      await store.close();
      await own.stop();
    }
  });

  test("on a Cluster, every master loads the library and checks go by FCALL; a node that lost it gets it again", async () => {
    const nodes = cluster.nodes.map((node) => new Redis(node.url));
    const store = createRedisStore({ clusterNodes: cluster.seeds, timeoutMs: 10_000 });
    try {
      await store.ping();
      for (const node of nodes) expect(await libraries(node)).toEqual([fn.name]);
      const sum = async () => {
        const all = await Promise.all(nodes.map(calls));
        return (command: string) => all.reduce((n, c) => n + (c[command] ?? 0), 0);
      };
      const first = await sum();
      const subjects = Array.from({ length: 12 }, (_, i) => `cluster-fcall-${process.pid}-${i}`);
      for (const subject of subjects) await store.check(subject, limits, 1);
      const then = await sum();
      expect(then("fcall") - first("fcall")).toBe(12);
      expect(then("evalsha") - first("evalsha")).toBe(0);

      await (nodes[1] as Redis).function("FLUSH");
      for (const subject of subjects) expect((await store.check(subject, limits, 1)).allowed).toBe(true);
      await vi.waitFor(async () => expect(await libraries(nodes[1] as Redis)).toEqual([fn.name]), { timeout: 5000 });
      // Each subject took exactly two: none counted twice on the node that had lost the function.
      for (const subject of subjects) expect((await store.check(subject, limits, 0)).limits[0]?.remaining).toBe(1);
    } finally {
      for (const node of nodes) node.disconnect();
      await store.close();
    }
  }, 30_000);
});
