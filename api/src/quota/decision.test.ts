import { describe, expect, test } from "vitest";
import { noLimits } from "../domain/limit-kinds";
import type { Decision, LimitState } from "./decision";
import { outcome, retryAfterSeconds } from "./decision";
import { rateLimitHeaders } from "./headers";
import { bucketWindowSeconds, limitPart, limitSpec, policyHeader, specOf } from "./limits";
import { quarter } from "./testing/added-kinds";
import { ruleOf } from "./windows";

const now = Date.parse("2026-11-30T10:00:00.000Z");
const burst = (s: Partial<LimitState>): LimitState => ({
  name: "burst",
  limit: 20,
  remaining: 5,
  resetMs: now + 9000,
  waitMs: 0,
  perMinute: 100,
  ...s,
});
const hour = (s: Partial<LimitState>): LimitState => ({
  name: "hour",
  limit: 5000,
  remaining: 4000,
  resetMs: now + 3_600_000,
  waitMs: 0,
  ...s,
});
const day = (s: Partial<LimitState>): LimitState => ({
  name: "day",
  limit: 50000,
  remaining: 3,
  resetMs: now + 50_400_000,
  waitMs: 0,
  ...s,
});
const decision = (allowed: boolean, limits: LimitState[]): Decision => ({ allowed, nowMs: now, limits });
// The limits a result carries along for its RateLimit-Policy header, which these tests pass themselves.
const SPEC = limitSpec(noLimits());

describe("the most constraining limit", () => {
  test("allowed: the one with least remaining; of equals, the one that has more last", () => {
    expect(outcome(decision(true, [burst({}), hour({}), day({})]), SPEC).top.name).toBe("day");
    expect(outcome(decision(true, [burst({ remaining: 2 }), hour({}), day({})]), SPEC).top.name).toBe("burst");
    // A bucket of 3 a minute and an hour of 3, both spent (audit): the bucket has one more in 20 s, but a check then
    // is still denied by the hour, so t and the reset are the hour's.
    const spent = outcome(
      decision(true, [
        burst({ limit: 3, remaining: 0, perMinute: 3, resetMs: now + 60_000 }),
        hour({ limit: 3, remaining: 0, resetMs: now + 3_033_000 }),
      ]),
      SPEC,
    );
    expect(spent.top).toMatchObject({ name: "hour", remaining: 0, reset: Math.ceil((now + 3_033_000) / 1000) });
    expect(spent.moreInMs).toBe(3_033_000);
    // Equal in both: the first.
    const twins = outcome(decision(true, [hour({ name: "a/hour" }), hour({ name: "b/hour" })]), SPEC);
    expect(twins.top.name).toBe("a/hour");
  });

  test("denied: the denying limit that frees up last; one that never will beats all", () => {
    const both = outcome(
      decision(false, [burst({ remaining: 0, waitMs: 600 }), hour({ remaining: 0, waitMs: 120_000 }), day({})]),
      SPEC,
    );
    expect(both.top.name).toBe("hour");
    expect(both.waitMs).toBe(120_000);
    const never = outcome(decision(false, [burst({ waitMs: null }), hour({ waitMs: 120_000 })]), SPEC);
    expect(never.top.name).toBe("burst");
    expect(never.retryAfter).toBeNull();
    expect(never.waitMs).toBeNull();
  });

  test("entries carry reset in Unix seconds, and the bucket's refill rate", () => {
    const o = outcome(decision(true, [burst({ resetMs: now + 1001 }), hour({})]), SPEC);
    expect(o.limits).toEqual([
      { name: "burst", limit: 20, remaining: 5, reset: now / 1000 + 2, perMinute: 100 },
      { name: "hour", limit: 5000, remaining: 4000, reset: now / 1000 + 3600 },
    ]);
    expect(o.retryAfter).toBeUndefined();
  });
});

describe("Retry-After", () => {
  test("is ceil(wait) plus a whole number from 0 to max(1, ceil(wait / 10)), never earlier than the wait", () => {
    for (const [waitMs, low, high] of [
      [1, 1, 2],
      [600, 1, 2],
      [2000, 2, 3],
      [10_000, 10, 11],
      [10_001, 11, 13],
      [95_500, 96, 106],
      [3_600_000, 3600, 3960],
    ] as const) {
      expect(retryAfterSeconds(waitMs, () => 0)).toBe(low);
      expect(retryAfterSeconds(waitMs, () => 0.999999)).toBe(high);
      // Every draw of the jitter from 0 up, evenly: each whole number in the range, the ends included. (2,000 draws of
      // Math.random missed an end of the hour's 361 now and then: a test that failed 1 run in about 120.)
      const swept = new Set(Array.from({ length: 4000 }, (_, i) => retryAfterSeconds(waitMs, () => i / 4000)));
      expect(Math.min(...swept)).toBe(low);
      expect(Math.max(...swept)).toBe(high);
      expect(swept.size).toBe(high - low + 1);
      const seen = [...swept, ...Array.from({ length: 2000 }, () => retryAfterSeconds(waitMs))];
      expect(seen.every((s) => Number.isInteger(s) && s >= low && s <= high && s * 1000 >= waitMs)).toBe(true);
    }
  });
});

describe("headers", () => {
  test("the policy lists each limit with its size and window; the bucket's window is its time to refill", () => {
    const spec = limitSpec({ ...noLimits(), burst: 20, perMinute: 100, perHour: 5000, perDay: 50000 });
    expect(policyHeader(spec, now)).toBe('"burst";q=20;w=12, "hour";q=5000;w=3600, "day";q=50000;w=86400');
    expect(policyHeader(limitSpec({ ...noLimits(), perMinute: 100 }), now)).toBe('"burst";q=100;w=60');
    expect(bucketWindowSeconds(limitPart({ ...noLimits(), burst: 7, perMinute: 100 }))).toBe(5);
  });

  test("a week's w is 7 days, a month's the length of the month the check falls in, by its billing day", () => {
    const limits = { ...noLimits(), perWeek: 10, perMonth: 100 };
    const at = (iso: string) => Date.parse(iso);
    expect(policyHeader(limitSpec(limits), at("2026-02-10T00:00:00Z"))).toBe(
      '"week";q=10;w=604800, "month";q=100;w=2419200',
    );
    // The same spec a month later: the header follows the new month (March has 31 days).
    const spec = limitSpec(limits);
    expect(policyHeader(spec, at("2026-02-28T23:59:59Z"))).toContain('"month";q=100;w=2419200');
    expect(policyHeader(spec, at("2026-03-01T00:00:00Z"))).toContain('"month";q=100;w=2678400');
    // Billing day 31: from 31 January to 28 February (28 days), then to 31 March (31 days).
    expect(policyHeader(limitSpec(limits, 31), at("2026-02-15T00:00:00Z"))).toContain('"month";q=100;w=2419200');
    expect(policyHeader(limitSpec(limits, 31), at("2026-03-15T00:00:00Z"))).toContain('"month";q=100;w=2678400');
    // A leap year's February from billing day 30: 30 January to 29 February is 30 days.
    expect(policyHeader(limitSpec(limits, 30), at("2028-02-10T00:00:00Z"))).toContain('"month";q=100;w=2592000');
  });

  test("a header is made again when any window of varying length ends, not only a month's (a quarter's row)", () => {
    const windows = [{ name: "quarter", size: 500, rule: ruleOf(quarter) }];
    const spec = specOf([{ prefix: "", capacity: null, perMinute: null, windows }]);
    const at = (iso: string) => Date.parse(iso);
    // January to March 2026 is 90 days; April to June 91.
    expect(policyHeader(spec, at("2026-03-31T23:59:59Z"))).toBe('"quarter";q=500;w=7776000');
    expect(policyHeader(spec, at("2026-04-01T00:00:00Z"))).toBe('"quarter";q=500;w=7862400');
  });

  test("a denial carries Retry-After, and RateLimit names the limit that denies", () => {
    const o = outcome(
      decision(false, [burst({ remaining: 0, resetMs: now + 12_000, waitMs: 600 }), hour({})]),
      SPEC,
      () => 0.9,
    );
    const h = rateLimitHeaders(o, '"burst";q=20;w=12');
    expect(h).toEqual({
      "X-RateLimit-Limit": "20",
      "X-RateLimit-Remaining": "0",
      "X-RateLimit-Reset": String(now / 1000 + 12),
      "RateLimit-Policy": '"burst";q=20;w=12',
      RateLimit: '"burst";r=0;t=2',
      "Retry-After": "2",
    });
  });

  test("an allowed check's t is until its most constraining bucket has one more request, not until it is full", () => {
    // A bucket of 5 refilling 10 a minute (one request every 6 s), after 1 to 5 checks of one instant: full again in
    // 6 to 30 s, one more request in 6 s each time. Full, no more comes: t=0.
    const bucket = (used: number, resetMs = now + used * 6000) =>
      rateLimitHeaders(
        outcome(decision(true, [burst({ limit: 5, perMinute: 10, remaining: 5 - used, resetMs })]), SPEC),
        "",
      ).RateLimit;
    expect([1, 2, 3, 4, 5].map((used) => bucket(used))).toEqual([
      '"burst";r=4;t=6',
      '"burst";r=3;t=6',
      '"burst";r=2;t=6',
      '"burst";r=1;t=6',
      '"burst";r=0;t=6',
    ]);
    // 2.5 s after the fifth check the next request is 3.5 s away: t rounds up, never earlier than the truth.
    expect(bucket(5, now + 30_000 - 2500)).toBe('"burst";r=0;t=4');
    expect(bucket(0, now)).toBe('"burst";r=5;t=0');
  });

  test("an allowed check has no Retry-After, and t counts down to the limit's reset", () => {
    const h = rateLimitHeaders(outcome(decision(true, [hour({ remaining: 7 })]), SPEC), '"hour";q=5000;w=3600');
    expect(h.RateLimit).toBe('"hour";r=7;t=3600');
    expect(h["Retry-After"]).toBeUndefined();
  });
});
