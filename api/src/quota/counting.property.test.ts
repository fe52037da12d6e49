// The memory store against a deliberately simple reference model, over random checks, costs, time steps and edits.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { UNITS_PER_REQUEST } from "./counting";
import { createMemoryStore } from "./stores/memory-store";
import { type FixedLimits, testSpec } from "./testing/test-spec";
import { DAY_MS, HOUR_MS } from "./windows";

/**
 * The model keeps every allowed request and recomputes from scratch: a window's use is the sum of the costs
 * allowed in it; the bucket's fill is replayed from the first request, draining `perMinute` units a millisecond.
 */
class Model {
  readonly allowed: { at: number; cost: number }[] = [];

  constructor(private readonly perMinute: number) {}

  fill(at: number): number {
    let level = 0;
    let last = 0;
    for (const e of this.allowed) {
      level = Math.max(0, level - (e.at - last) * this.perMinute) + e.cost * UNITS_PER_REQUEST;
      last = e.at;
    }
    return Math.max(0, level - (at - last) * this.perMinute);
  }

  /** Milliseconds from `at` until the bucket has room for `cost`. */
  untilRoom(at: number, capacity: number, cost: number): number {
    const excess = this.fill(at) + cost * UNITS_PER_REQUEST - capacity * UNITS_PER_REQUEST;
    return Math.max(0, Math.ceil(excess / this.perMinute));
  }

  used(at: number, period: number): number {
    const window = Math.floor(at / period);
    return this.allowed.filter((e) => Math.floor(e.at / period) === window).reduce((n, e) => n + e.cost, 0);
  }

  check(at: number, spec: Required<FixedLimits>, cost: number): boolean {
    const ok =
      (spec.capacity === null || this.fill(at) + cost * UNITS_PER_REQUEST <= spec.capacity * UNITS_PER_REQUEST) &&
      (spec.hour === null || this.used(at, HOUR_MS) + cost <= spec.hour) &&
      (spec.day === null || this.used(at, DAY_MS) + cost <= spec.day);
    if (ok) this.allowed.push({ at, cost });
    return ok;
  }
}

const limit = (max: number) => fc.option(fc.integer({ min: 1, max }), { nil: null });
const step = fc.record({
  // Mostly short steps, sometimes across an hour or a day, and often to the very millisecond at which the
  // bucket would have room (or one before), where an off-by-one in the refill shows.
  advanceMs: fc.oneof(
    fc.integer({ min: 0, max: 2_000 }),
    fc.integer({ min: 0, max: 3 * HOUR_MS }),
    fc.constant(0),
    fc.constantFrom("room" as const, "justBeforeRoom" as const),
  ),
  cost: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 12 })),
  // An edit of the plan between checks: new sizes for the bucket and the windows.
  edit: fc.option(fc.record({ capacity: fc.integer({ min: 1, max: 20 }), hour: limit(60), day: limit(200) }), {
    freq: 8,
    nil: null,
  }),
});

describe("counting against a reference model", () => {
  test("agrees decision by decision, never exceeds a limit in any window, and consumes nothing on a denial", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: Date.parse("2026-01-01"), max: Date.parse("2027-01-01") }),
        fc.integer({ min: 1, max: 600 }),
        fc.record({ capacity: fc.integer({ min: 1, max: 20 }), hour: limit(60), day: limit(200) }),
        fc.array(step, { minLength: 1, maxLength: 120 }),
        async (start, perMinute, initial, steps) => {
          let now = start;
          const store = createMemoryStore({ now: () => now });
          const model = new Model(perMinute);
          let spec: Required<FixedLimits> = {
            week: null,
            month: null,
            billingDay: null,
            concurrent: null,
            ...initial,
            perMinute,
          };
          for (const { advanceMs, cost, edit } of steps) {
            if (edit) spec = { ...spec, ...edit, perMinute };
            if (typeof advanceMs === "number") now += advanceMs;
            else now += Math.max(0, model.untilRoom(now, spec.capacity ?? 0, cost) - (advanceMs === "room" ? 0 : 1));
            const before = await store.usage("s", testSpec(spec));
            const decision = await store.check("s", testSpec(spec), cost);
            expect(decision.allowed).toBe(model.check(now, spec, cost));
            if (decision.allowed) {
              expect(model.fill(now)).toBeLessThanOrEqual(Math.max(spec.capacity ?? 0, 0) * UNITS_PER_REQUEST);
              if (spec.hour !== null) expect(model.used(now, HOUR_MS)).toBeLessThanOrEqual(spec.hour);
              if (spec.day !== null) expect(model.used(now, DAY_MS)).toBeLessThanOrEqual(spec.day);
            } else {
              expect((await store.usage("s", testSpec(spec))).limits).toEqual(before.limits);
            }
          }
          await store.close();
        },
      ),
      { numRuns: 300 },
    );
  });
});
