// check.lua's argument and reply layout, called directly: windows found by their rules' params, several checks of
// different window counts in one call, and the hash fields counters were kept in before windows became a list.
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RedisServer, startRedis } from "../../../dev/redis-server";
import { testSpec } from "../testing/test-spec";
import type { WindowRule } from "../window-rule";
import { WINDOW_NAMES, WINDOW_RULES } from "../windows";
import { createRedisStore } from "./redis-store";
import { scripts } from "./scripts";

let redis: RedisServer;
let client: Redis;
beforeAll(async () => {
  redis = await startRedis();
  const { Redis } = await import("ioredis");
  client = new Redis(redis.url);
});
afterAll(async () => {
  client?.disconnect();
  await redis?.stop();
});

const now = Date.parse("2026-11-30T10:20:30.000Z");
const hourIndex = Math.floor(now / 3_600_000);
const dayIndex = Math.floor(now / 86_400_000);
const unique = (name: string) => `rl:{${name}-${process.pid}-${Math.random()}}`;

describe("check.lua (integration, needs redis-server)", () => {
  test("one call, three checks of 0, 2 and 1 windows, each spec sent once, the middle one failing alone: each answers its own counts", async () => {
    const [a, b, c] = [unique("a"), unique("b"), unique("c")];
    await client.set(b, "not a hash");
    const t = String(now);
    const reply = await client.eval(
      scripts.check.source,
      3,
      a,
      b,
      c,
      "3",
      ...["1", "", "5", "60", "0"],
      ...["1", "", "-1", "-1", "2", WINDOW_RULES.hour.params, "10", WINDOW_RULES.day.params, "100"],
      ...["1", "", "-1", "-1", "1", WINDOW_RULES.day.params, "3"],
      ...["1", "2", "1", t],
      ...["2", "1", "1", t],
      ...["3", "3", "1", t],
    );
    // With no bucket the fill is still written (3 requests' worth), as it always was; then each part's held units, the
    // share taken and the counters' resets.
    expect(reply).toEqual([
      [1, now, 120_000, 0, 0, 0],
      expect.stringContaining("WRONGTYPE"),
      [1, now, 180_000, 3, 0, 0, 0],
    ]);
    expect(await client.hmget(c, "di", "dc")).toEqual([String(dayIndex), "3"]);
  });

  /** A check of cost 2, its one window of 10 by `rule`, at `at` (the script's fixed clock). */
  const checkOneWindow = (key: string, rule: WindowRule, at: number) =>
    client.eval(
      scripts.check.source,
      1,
      key,
      "1",
      "1",
      "",
      "-1",
      "-1",
      "1",
      rule.params,
      "10",
      "1",
      "2",
      "1",
      String(at),
    );

  test.each(WINDOW_NAMES)(
    "the %s window: the script finds the window and keeps it in the fields windows.ts names",
    async (name) => {
      const rule = WINDOW_RULES[name];
      const key = unique(name);
      const reply = await checkOneWindow(key, rule, now);
      expect(reply).toEqual([[1, now, 120_000, 2, 0, 0, 0]]);
      expect(await client.hmget(key, ...rule.fields)).toEqual([String(rule.index(now)), "2"]);
      expect(await client.pttl(key)).toBeGreaterThanOrEqual(rule.endMs(rule.index(now)) - now - 1000);
    },
  );

  test("a month's count kept under the index it had before it said its start day is of the same month still", async () => {
    const rule = WINDOW_RULES.month;
    const key = unique("legacy-month");
    const now = Date.parse("2026-12-05T10:00:00.000Z");
    // December 2026 as the month's index was kept before (year × 12 + month from 0), with 5 counted.
    await client.hset(key, rule.fields[0], String(2026 * 12 + 11), rule.fields[1], "5");
    const check = () => checkOneWindow(key, rule, now);
    expect(await check()).toEqual([[1, now, 120_000, 7, 0, 0, 0]]);
    expect(await client.hmget(key, ...rule.fields)).toEqual([String(rule.index(now)), "7"]);
    // November's, kept the same way, is of a month before: December's count is worked out from the key's days (the
    // check above, of cost 2, today: this spec counts no day), and then takes 2 more.
    await client.hset(key, rule.fields[0], String(2026 * 12 + 10), rule.fields[1], "5");
    expect(await check()).toEqual([[1, now, 120_000, 4, 0, 0, 0]]);
  });

  test("an unknown window rule fails that check alone, before it writes anything", async () => {
    const key = unique("rule");
    const reply = await client.eval(
      scripts.check.source,
      1,
      key,
      "1",
      "1",
      "",
      "-1",
      "-1",
      "1",
      "fortnight",
      "5",
      "1",
      "1",
      "1",
      "",
    );
    expect(reply).toEqual([expect.stringContaining("unknown window rule fortnight")]);
    expect(await client.exists(key)).toBe(0);
  });

  test("counters kept in hi, hc, di and dc before this layout count in the hour and the day as they did", async () => {
    const subject = `kept-${process.pid}`;
    await client.hset(`rl:{${subject}}`, { hi: hourIndex, hc: 7, di: dayIndex, dc: 40 });
    const store = createRedisStore({ url: redis.url, timeoutMs: 2000, clock: () => now });
    const d = await store.check(subject, testSpec({ hour: 10, day: 100 }), 1);
    expect(d.limits.map((l) => [l.name, l.remaining])).toEqual([
      ["hour", 2],
      ["day", 59],
    ]);
    expect(await client.hmget(`rl:{${subject}}`, "hi", "hc", "di", "dc")).toEqual(
      [hourIndex, 8, dayIndex, 41].map(String),
    );
    await store.close();
  });
});
