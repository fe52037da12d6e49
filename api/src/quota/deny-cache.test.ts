// What a remembered denial answers (contract section 5): never a retry time earlier than the true wait, and every
// limit as it stands now, not as it stood when the store denied.
import { expect, test } from "vitest";
import { noLimits } from "../domain/limit-kinds";
import type { Decision } from "./decision";
import { DenyCache } from "./deny-cache";
import { quotaPolicy } from "./limits";
import { fleet } from "./testing/fleet";

const T0 = Date.parse("2026-11-30T10:59:00.000Z");

/** Denied by the hour (ends 11:00), with a bucket of 5 refilling at 5 a minute that a cost of 5 emptied. */
const denied: Decision = {
  allowed: false,
  nowMs: T0,
  limits: [
    { name: "burst", limit: 5, remaining: 0, resetMs: T0 + 60_000, waitMs: 12_000, perMinute: 5 },
    { name: "hour", limit: 5, remaining: 0, resetMs: T0 + 60_000, waitMs: 60_000 },
    { name: "day", limit: 100, remaining: 95, resetMs: Date.parse("2026-12-01T00:00:00.000Z"), waitMs: 0 },
  ],
};

test("a denial answers the same cost only: a bigger one may wait longer, a smaller one may pass", () => {
  let now = T0;
  const cache = new DenyCache({ now: () => now });
  cache.set("acme", "", 2, 60_000, denied);
  expect(cache.get("acme", "", 2)?.waitMs).toBe(60_000);
  expect(cache.get("acme", "", 4)).toBeUndefined();
  expect(cache.get("acme", "", 1)).toBeUndefined();
  now += 1000;
  expect(cache.get("acme", "", 2)?.waitMs).toBe(59_000);
});

test("a denial answered later has each limit as it stands then: waits shorter, the bucket refilled", () => {
  let now = T0;
  const cache = new DenyCache({ now: () => now });
  cache.set("acme", "", 1, 60_000, denied);
  now += 30_000;
  const later = cache.get("acme", "", 1)?.decision;
  expect(later?.nowMs).toBe(T0 + 30_000);
  expect(later?.limits).toEqual([
    { name: "burst", limit: 5, remaining: 2, resetMs: T0 + 60_000, waitMs: 0, perMinute: 5 },
    { name: "hour", limit: 5, remaining: 0, resetMs: T0 + 60_000, waitMs: 30_000 },
    { name: "day", limit: 100, remaining: 95, resetMs: Date.parse("2026-12-01T00:00:00.000Z"), waitMs: 0 },
  ]);
});

test("a denial is forgotten when a limit that does not deny starts afresh: a window ends before the retry time", () => {
  let now = T0;
  const cache = new DenyCache({ now: () => now });
  // Denied by the day (ends at midnight); the hour, not denying, ends at 11:00.
  const byDay: Decision = {
    ...denied,
    limits: [
      { name: "hour", limit: 50, remaining: 10, resetMs: T0 + 60_000, waitMs: 0 },
      { name: "day", limit: 100, remaining: 0, resetMs: Date.parse("2026-12-01T00:00:00.000Z"), waitMs: 46_860_000 },
    ],
  };
  cache.set("acme", "", 1, 46_860_000, byDay);
  now += 59_999;
  expect(cache.get("acme", "", 1)).toBeDefined();
  now += 1;
  expect(cache.get("acme", "", 1)).toBeUndefined();
});

test("behind the limiter, a check of another cost allowed since makes a remembered denial be asked of the store again", async () => {
  const [limiter] = fleet(1).limiters;
  const policy = quotaPolicy({ ...noLimits(), perHour: 10 });
  const hour = async (cost: number) => {
    const result = await limiter?.check("acme", policy, cost);
    return [result?.allowed, result?.outcome !== "store_unavailable" && result?.limits[0]?.remaining];
  };
  expect(await hour(8)).toEqual([true, 2]);
  expect(await hour(5)).toEqual([false, 2]);
  expect(await hour(1)).toEqual([true, 1]);
  expect(await hour(1)).toEqual([true, 0]);
  // Remembered, the denial of 5 said 2 were left.
  expect(await hour(5)).toEqual([false, 0]);
});

test("behind the limiter, a resource's remembered denial outlives the plan's own checks allowed meanwhile", async () => {
  const f = fleet(1);
  const policy = quotaPolicy({ ...noLimits(), perHour: 1000 }, { gen: { ...noLimits(), perHour: 1 } });
  const [limiter] = f.limiters;
  expect((await limiter?.check("acme", policy, 1, "gen"))?.allowed).toBe(true);
  const before = (await f.memory.usage("acme", policy.usage)).limits.find((l) => l.name === "gen/hour");
  for (let i = 0; i < 5; i++) {
    expect((await limiter?.check("acme", policy, 1, "gen"))?.allowed).toBe(false);
    expect((await limiter?.check("acme", policy, 1))?.allowed).toBe(true);
  }
  // The store saw the first denial alone: the other four were answered from memory (not yet recorded: this test runs
  // no background work, which would add them to the history).
  const daily = await f.memory.daily("acme", 1);
  expect(daily[0]).toMatchObject({ allowed: 6, denied: 1 });
  expect(before?.remaining).toBe(0);
});
