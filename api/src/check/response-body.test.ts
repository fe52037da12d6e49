import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { CheckResponse } from "../domain/check-response";
import { checkBody } from "./response-body";

const count = fc.integer({ min: 0, max: 2 ** 53 - 1 });
const entry = (name: "burst" | "hour" | "day") =>
  fc.record(
    { name: fc.constant(name), limit: count, remaining: count, reset: count, perMinute: count },
    { requiredKeys: ["name", "limit", "remaining", "reset"] },
  );

const body: fc.Arbitrary<CheckResponse> = fc
  .record({
    allowed: fc.boolean(),
    customerId: fc.option(fc.string({ unit: "binary" }), { nil: null }),
    planId: fc.string({ unit: "binary" }),
    limit: count,
    remaining: count,
    reset: count,
    retryAfter: fc.option(count, { nil: null }),
    limits: fc.tuple(fc.option(entry("burst")), fc.option(entry("hour")), fc.option(entry("day"))),
    degraded: fc.boolean(),
    shadow: fc.boolean(),
  })
  .map(({ allowed, customerId, planId, limit, remaining, reset, retryAfter, limits, degraded, shadow }) => {
    // The key order of contract section 5, with the optional fields where the answer puts them.
    const b: Record<string, unknown> = { allowed, customerId, planId, limit, remaining, reset };
    if (!allowed) b.retryAfter = retryAfter;
    b.limits = limits.filter((l) => l !== null);
    b.degraded = degraded;
    if (degraded) b.reason = "store_unavailable";
    b.shadow = shadow;
    return b as CheckResponse;
  });

describe("a check's body", () => {
  test("is exactly what JSON.stringify writes, for any values, ids with any characters included", () => {
    fc.assert(
      fc.property(body, (b) => {
        expect(checkBody(b)).toBe(JSON.stringify(b));
      }),
      { numRuns: 2000 },
    );
  });

  test("the documented example (a denial) reads back as itself", () => {
    const example = CheckResponse.meta()?.example as CheckResponse;
    expect(example.allowed).toBe(false);
    expect(JSON.parse(checkBody(example))).toEqual(example);
  });
});
