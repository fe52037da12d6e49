// check.lua's week and month rules held to calendar-windows.ts at exact instants (the script's fixed clock, as
// libfaketime cannot start Debian's redis-server): February, leap years, 31st billing days and year ends.
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RedisServer, startRedis } from "../../../dev/redis-server";
import type { WindowRule } from "../window-rule";
import { WINDOW_RULES, windowRule } from "../windows";
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

const instants = [
  "2023-02-28T23:59:59.999Z",
  "2024-02-28T12:00:00.000Z",
  "2024-02-29T23:59:59.999Z",
  "2026-01-30T23:59:59.999Z",
  "2026-02-27T23:59:59.999Z",
  "2026-04-30T00:00:00.000Z",
  "2026-11-30T10:20:30.000Z",
  "2026-12-31T23:59:59.999Z",
  "2100-02-28T00:00:00.000Z",
  "2000-02-29T00:00:00.000Z",
].map(Date.parse);

const rules: [string, WindowRule][] = [
  ["week", WINDOW_RULES.week],
  ...[1, 15, 28, 29, 30, 31].map((day): [string, WindowRule] => [`month from day ${day}`, windowRule("month", day)]),
];

describe("calendar windows in check.lua (integration, needs redis-server)", () => {
  test.each(rules)(
    "%s: the same window as in TypeScript at each instant, its end and the moment before it",
    async (_, rule) => {
      for (const instant of instants) {
        const end = rule.endMs(rule.index(instant));
        for (const now of [instant, end - 1, end]) {
          const key = `rl:{calendar-${rule.code}-${now}-${Math.random()}}`;
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
            rule.params,
            "5",
            "1",
            "1",
            "1",
            String(now),
          );
          expect(reply).toEqual([[1, now, 60_000, 1, 0, 0, 0]]);
          const [index, count] = await client.hmget(key, ...rule.fields);
          expect([Number(index), Number(count)], `${rule.code} at ${new Date(now).toISOString()}`).toEqual([
            rule.index(now),
            1,
          ]);
          // The counters outlive the window they count in.
          expect(await client.pttl(key)).toBeGreaterThanOrEqual(rule.endMs(rule.index(now)) - now - 1000);
        }
      }
    },
  );
});
