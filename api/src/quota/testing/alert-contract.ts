// Alert thresholds (contract sections 5 and 13) as every counter store must record them: the check whose use reaches
// a threshold says so, in the same step, once per threshold, window and subject. Part of the store contract.
import { expect, test } from "vitest";
import type { ThresholdCrossing } from "../decision";
import { specOf } from "../limits";
import type { WithStore } from "./store-harness";
import { type FixedLimits, testPart, testSpec } from "./test-spec";

const at = (iso: string) => Date.parse(iso);
let next = 0;
const fresh = () => `alert-${process.pid}-${Date.now()}-${next++}`;

/** The test's limits with alert thresholds, and a resource's when given. */
function alerting(alerts: number[], limits: FixedLimits, resource?: { name: string; limits: FixedLimits }) {
  return specOf(testSpec(limits, resource).parts, alerts);
}

/** The crossings of a decision as `limit@threshold` (what tells one event from another), in order. */
const named = (crossings: ThresholdCrossing[] | undefined) => (crossings ?? []).map((c) => `${c.limit}@${c.threshold}`);

export function alertContract(withStore: WithStore) {
  test("a check that brings a window's use to a threshold reports it once, with the window's use, size and bounds", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const limits = alerting([50, 100], { hour: 10, day: 4 });
      await setTime(at("2026-11-30T10:20:00.000Z"));
      const seen: string[][] = [];
      for (let i = 0; i < 5; i++) seen.push(named((await store.check(s, limits, 1)).crossings));
      // The day (4) reaches 50 % at its 2nd use and 100 % at its 4th; the 5th check, which would have been the hour's
      // 5th use of 10 (its 50 %), is denied, as the day is full: a denial consumes nothing and reaches nothing.
      expect(seen).toEqual([[], ["day@50"], [], ["day@100"], []]);
      await setTime(at("2026-11-30T10:21:00.000Z"));
      const second = await store.check(s, alerting([50, 100], { hour: 10, day: 8 }), 1);
      // The day grew to 8 with 4 used: its 50 % (4 units) was raised already in this window, and 5 of 8 reaches no
      // other; the hour's 5th use of 10 reaches its 50 %.
      expect(named(second.crossings)).toEqual(["hour@50"]);
      const onResource = alerting([50], { hour: 100 }, { name: "ai.generate", limits: { day: 2 } });
      const crossed = await store.check(s, onResource, 1);
      expect(crossed.crossings).toEqual([
        {
          limit: "ai.generate/day",
          threshold: 50,
          used: 1,
          size: 2,
          windowStartMs: at("2026-11-30T00:00:00.000Z"),
          windowEndMs: at("2026-12-01T00:00:00.000Z"),
        },
      ]);
    }));

  test("a cost that passes several thresholds at once reports each; the hour's next window raises them again", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const limits = alerting([25, 50, 100], { hour: 8 });
      await setTime(at("2026-11-30T10:59:00.000Z"));
      const d = await store.check(s, limits, 5);
      expect(named(d.crossings)).toEqual(["hour@25", "hour@50"]);
      expect(d.crossings?.[0]).toMatchObject({ used: 5, size: 8, windowStartMs: at("2026-11-30T10:00:00.000Z") });
      await setTime(at("2026-11-30T11:00:00.000Z"));
      expect(named((await store.check(s, limits, 2)).crossings)).toEqual(["hour@25"]);
    }));

  test("use that goes down (a refund) and up again does not raise a threshold twice in one window", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const limits = alerting([50], { day: 10 });
      await setTime(at("2026-11-30T10:00:00.000Z"));
      expect(named((await store.check(s, limits, 5)).crossings)).toEqual(["day@50"]);
      await store.refund(s, limits, 3);
      expect((await store.check(s, limits, 3)).crossings).toBeUndefined();
      // Nor does a read of usage, which consumes nothing.
      expect((await store.usage(s, limits)).crossings).toBeUndefined();
    }));

  test("a plan without alerts records and reports nothing, whatever its use", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      await setTime(at("2026-11-30T10:00:00.000Z"));
      const d = await store.check(s, specOf([testPart({ day: 2 })]), 2);
      expect([d.allowed, d.crossings]).toEqual([true, undefined]);
    }));

  test("a share's take counts as use when it is taken: the threshold it reaches is reported by the take", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const limits = alerting([80], { day: 100 });
      await setTime(at("2026-11-30T10:00:00.000Z"));
      const taken = await store.take(s, limits, 1, { share: 79 });
      expect([taken.taken, named(taken.crossings)]).toEqual([79, ["day@80"]]);
    }));

  test("checks of one subject at once raise each threshold exactly once", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const limits = alerting([50, 100], { day: 100 });
      await setTime(at("2026-11-30T10:00:00.000Z"));
      const decisions = await Promise.all(Array.from({ length: 150 }, () => store.check(s, limits, 1)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(100);
      expect(decisions.flatMap((d) => named(d.crossings)).sort()).toEqual(["day@100", "day@50"]);
    }));
}
