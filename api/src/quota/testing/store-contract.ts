// One contract for every counter store: the memory store runs it here, the Redis stores run the very same tests.
import { describe, expect, test } from "vitest";
import type { LimitSpec } from "../limits";
import type { CounterStore } from "../store";
import { DAY_MS, HOUR_MS } from "../windows";
import { type AddedKind, addedKindContract } from "./added-kind-contract";
import { alertContract } from "./alert-contract";
import { leaseContract } from "./lease-contract";
import { shareContract } from "./share-contract";
import type { StoreHarness } from "./store-harness";
import { testSpec } from "./test-spec";

const spec = testSpec;
const at = (iso: string) => Date.parse(iso);
let next = 0;
/** A subject no other test touches, so stores that outlive a test stay independent. */
const fresh = () => `contract-${process.pid}-${Date.now()}-${next++}`;

/** The contract on the store `harness` makes, and (when given) on kinds of window added by a row alone. */
export function describeCounterStore(
  name: string,
  harness: () => Promise<StoreHarness>,
  added: readonly AddedKind[] = [],
) {
  describe(`${name} counter store contract`, () => {
    async function withStore(body: (h: StoreHarness) => Promise<void>) {
      const h = await harness();
      try {
        await body(h);
      } finally {
        await h.close();
      }
    }

    async function run(store: CounterStore, subject: string, limits: LimitSpec, times: number, cost = 1) {
      const allowed: boolean[] = [];
      for (let i = 0; i < times; i++) allowed.push((await store.check(subject, limits, cost)).allowed);
      return allowed;
    }

    test("the bucket lets `capacity` through at once, then refills at perMinute", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const limits = spec({ capacity: 5, perMinute: 60 });
        await setTime(at("2026-11-30T10:00:00.000Z"));
        expect(await run(store, s, limits, 6)).toEqual([true, true, true, true, true, false]);
        await setTime(at("2026-11-30T10:00:00.999Z"));
        expect((await store.check(s, limits, 1)).allowed).toBe(false);
        await setTime(at("2026-11-30T10:00:01.000Z"));
        expect(await run(store, s, limits, 2)).toEqual([true, false]);
        await setTime(at("2026-11-30T10:00:04.000Z"));
        expect(await run(store, s, limits, 4)).toEqual([true, true, true, false]);
      }));

    test("the bucket never holds more than its capacity, however long it rests", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const limits = spec({ capacity: 3, perMinute: 600 });
        await setTime(at("2026-11-30T10:00:00.000Z"));
        await run(store, s, limits, 1);
        await setTime(at("2026-11-30T12:00:00.000Z"));
        expect(await run(store, s, limits, 4)).toEqual([true, true, true, false]);
      }));

    test("a check reports every limit with remaining and reset, in the order burst, hour, day", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const now = at("2026-11-30T10:20:00.000Z");
        await setTime(now);
        const d = await store.check(s, spec({ capacity: 20, perMinute: 100, hour: 5000, day: 50000 }), 3);
        expect(d.allowed).toBe(true);
        expect(d.nowMs).toBe(now);
        expect(d.limits).toEqual([
          // 3 requests drain at 100 a minute: full again 1.8 s from now.
          { name: "burst", limit: 20, remaining: 17, resetMs: now + 1800, waitMs: 0, perMinute: 100 },
          { name: "hour", limit: 5000, remaining: 4997, resetMs: at("2026-11-30T11:00:00.000Z"), waitMs: 0 },
          { name: "day", limit: 50000, remaining: 49997, resetMs: at("2026-12-01T00:00:00.000Z"), waitMs: 0 },
        ]);
      }));

    test("cost n takes n from every limit; a denial takes nothing from any", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const limits = spec({ capacity: 10, perMinute: 10, hour: 12, day: 100 });
        await setTime(at("2026-11-30T10:00:00.000Z"));
        expect((await store.check(s, limits, 8)).allowed).toBe(true);
        // The bucket has 2 left, the hour 4: a cost of 3 fails the bucket, and the hour keeps its 4.
        const denied = await store.check(s, limits, 3);
        expect(denied.allowed).toBe(false);
        expect(denied.limits.map((l) => l.remaining)).toEqual([2, 4, 92]);
        await setTime(at("2026-11-30T10:00:06.000Z"));
        const allowed = await store.check(s, limits, 3);
        expect(allowed.allowed).toBe(true);
        expect(allowed.limits.map((l) => l.remaining)).toEqual([0, 1, 89]);
      }));

    test("a cost larger than a limit can never pass, and says so with a null wait", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        await setTime(at("2026-11-30T10:00:00.000Z"));
        const d = await store.check(s, spec({ capacity: 5, perMinute: 60, hour: 100 }), 6);
        expect(d.allowed).toBe(false);
        expect(d.limits.map((l) => l.waitMs)).toEqual([null, 0]);
        expect((await store.usage(s, spec({ capacity: 5, perMinute: 60, hour: 100 }))).limits[1]?.remaining).toBe(100);
      }));

    test("waits are exact: the bucket until enough has drained, a window until it ends", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const limits = spec({ capacity: 2, perMinute: 60, hour: 3 });
        await setTime(at("2026-11-30T10:59:59.000Z"));
        await run(store, s, limits, 2);
        const bucket = await store.check(s, limits, 2);
        // Cost 2 needs the bucket empty (2 s) and a new hour (1 s).
        expect(bucket.limits.map((l) => l.waitMs)).toEqual([2000, 1000]);
        await setTime(at("2026-11-30T10:59:59.500Z"));
        const both = await store.check(s, limits, 2);
        // The bucket needs 1.5 s more; the hour (2 of 3 used) needs the window to end in 0.5 s.
        expect(both.limits.map((l) => l.waitMs)).toEqual([1500, 500]);
      }));

    test("hour and day windows are aligned to UTC and start empty at the boundary", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const limits = spec({ hour: 2, day: 3 });
        await setTime(at("2026-11-30T22:59:59.999Z"));
        expect(await run(store, s, limits, 3)).toEqual([true, true, false]);
        await setTime(at("2026-11-30T23:00:00.000Z"));
        const d = await store.check(s, limits, 1);
        expect(d.allowed).toBe(true);
        expect(d.limits).toEqual([
          { name: "hour", limit: 2, remaining: 1, resetMs: at("2026-12-01T00:00:00.000Z"), waitMs: 0 },
          { name: "day", limit: 3, remaining: 0, resetMs: at("2026-12-01T00:00:00.000Z"), waitMs: 0 },
        ]);
        const dayFull = await store.check(s, limits, 1);
        expect(dayFull.allowed).toBe(false);
        expect(dayFull.limits[1]?.waitMs).toBe(HOUR_MS);
        await setTime(at("2026-12-01T00:00:00.000Z"));
        expect(await run(store, s, limits, 3)).toEqual([true, true, false]);
      }));

    test("an edited limit applies at once, counted against what the window already used", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        await setTime(at("2026-11-30T10:00:00.000Z"));
        expect(await run(store, s, spec({ hour: 10 }), 6)).toEqual(Array(6).fill(true));
        const lowered = await store.check(s, spec({ hour: 5 }), 1);
        expect(lowered.allowed).toBe(false);
        expect(lowered.limits[0]?.remaining).toBe(0);
        expect(await run(store, s, spec({ hour: 8 }), 3)).toEqual([true, true, false]);
        // A bucket's capacity too: what has been used stays used.
        const b = fresh();
        expect(await run(store, b, spec({ capacity: 3, perMinute: 1 }), 3)).toEqual([true, true, true]);
        expect(await run(store, b, spec({ capacity: 5, perMinute: 1 }), 3)).toEqual([true, true, false]);
      }));

    test("a limit the customer no longer has stops counting; a limit it gains counts what its window has already used", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        await setTime(at("2026-11-30T10:00:00.000Z"));
        await run(store, s, spec({ hour: 100, day: 100 }), 4);
        const d = await store.check(s, spec({ day: 5 }), 1);
        expect(d.limits).toEqual([expect.objectContaining({ name: "day", remaining: 0 })]);
        // A week or month limit is counted only while the customer has one; gained mid-window, it counts the window's
        // use from the customer's days (contract section 5): here today's 5.
        const gained = await store.check(s, spec({ day: 10, week: 10, month: 10 }), 1);
        expect(gained.limits.map((l) => [l.name, l.remaining])).toEqual([
          ["day", 4],
          ["week", 4],
          ["month", 4],
        ]);
      }));

    test("a week or month limit gained mid-window counts the days before today and today's use, its resource's its own", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const plain = spec({ day: 1000 }, { name: "vid", limits: {} });
        // Monday 30 November: 2 checks naming the resource (this week, November's month).
        await setTime(at("2026-11-30T12:00:00.000Z"));
        expect(await run(store, s, plain, 2)).toEqual([true, true]);
        // Tuesday 1 December: nothing. Wednesday: a check of cost 5 of the plan's own, and a refund of 1 of it.
        await setTime(at("2026-12-02T09:00:00.000Z"));
        expect(await run(store, s, spec({ day: 1000 }), 1, 5)).toEqual([true]);
        await store.refund(s, spec({ day: 1000 }), 1);
        // Thursday: one more naming the resource, then the limits gained.
        await setTime(at("2026-12-03T08:00:00.000Z"));
        expect(await run(store, s, plain, 1)).toEqual([true]);
        const gained = spec({ day: 1000, week: 20, month: 100 }, { name: "vid", limits: { month: 50 } });
        // Used before this read: the week 2 + 4 + 1 = 7, December 4 + 1 = 5, the resource's December 1.
        expect((await store.usage(s, gained)).limits.map((l) => [l.name, l.remaining])).toEqual([
          ["day", 999],
          ["week", 13],
          ["month", 95],
          ["vid/month", 49],
        ]);
        const checked = await store.check(s, gained, 2);
        expect(checked.limits.map((l) => [l.name, l.remaining])).toEqual([
          ["day", 997],
          ["week", 11],
          ["month", 93],
          ["vid/month", 47],
        ]);
        // Counted from there on like any window: a cost the week cannot hold is denied.
        expect((await store.check(s, gained, 12)).allowed).toBe(false);
        expect(await run(store, s, gained, 1, 11)).toEqual([true]);
        // Next Monday a new week starts from its own days (none): the December month goes on.
        await setTime(at("2026-12-07T00:00:00.000Z"));
        const week = await store.check(s, gained, 1);
        expect(week.limits.map((l) => [l.name, l.remaining])).toEqual([
          ["day", 999],
          ["week", 19],
          ["month", 81],
          ["vid/month", 35],
        ]);
      }));

    test("a reset's forgotten use stays forgotten by a week or month limit gained after it", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const plain = spec({ day: 1000 });
        const gained = spec({ day: 1000, week: 10 });
        await setTime(at("2026-11-30T12:00:00.000Z"));
        await run(store, s, plain, 3);
        await setTime(at("2026-12-01T10:00:00.000Z"));
        await run(store, s, plain, 2);
        await store.reset(s);
        // The reset's day: the day's count since the reset (none), not Monday's 3 nor the morning's 2.
        await setTime(at("2026-12-01T11:00:00.000Z"));
        expect((await store.usage(s, gained)).limits.map((l) => l.remaining)).toEqual([1000, 10]);
        // A day after it: its days from the day after the reset on.
        await setTime(at("2026-12-02T10:00:00.000Z"));
        await run(store, s, plain, 4);
        await setTime(at("2026-12-03T10:00:00.000Z"));
        expect((await store.check(s, gained, 1)).limits.map((l) => l.remaining)).toEqual([999, 5]);
      }));

    test("a reset with the history (a customer made again with its id) leaves what follows it, its day too, to a week limit gained later", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const plain = spec({ day: 1000 });
        await setTime(at("2026-11-30T12:00:00.000Z"));
        await run(store, s, plain, 3);
        await setTime(at("2026-12-01T10:00:00.000Z"));
        await store.reset(s);
        await setTime(at("2026-12-01T11:00:00.000Z"));
        await store.reset(s, { history: true });
        await setTime(at("2026-12-01T12:00:00.000Z"));
        await run(store, s, plain, 2);
        await setTime(at("2026-12-02T10:00:00.000Z"));
        expect((await store.check(s, spec({ day: 1000, week: 10 }), 1)).limits.map((l) => l.remaining)).toEqual([
          999, 7,
        ]);
      }));

    test("a refund made a day after the units it gives back counts in a week or month limit gained later as in the kept ones", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const kept = spec({ day: 1000, week: 5000 });
        await setTime(at("2026-12-03T10:00:00.000Z"));
        expect(await run(store, s, kept, 1, 10)).toEqual([true]);
        await setTime(at("2026-12-04T10:00:00.000Z"));
        await store.refund(s, kept, 4);
        const gained = spec({ day: 1000, week: 5000, month: 9000 });
        expect((await store.usage(s, gained)).limits.map((l) => l.remaining)).toEqual([1000, 4994, 8994]);
        // A refund of more than today's use the same way, with a check today.
        const t = fresh();
        await setTime(at("2026-12-03T10:00:00.000Z"));
        await run(store, t, kept, 1, 10);
        await setTime(at("2026-12-04T10:00:00.000Z"));
        await run(store, t, kept, 1, 3);
        await store.refund(t, kept, 5);
        expect((await store.usage(t, gained)).limits.map((l) => l.remaining)).toEqual([1000, 4992, 8992]);
      }));

    test("usage reads without consuming or recording; reset clears the counters and keeps the history", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const limits = spec({ capacity: 5, perMinute: 5, hour: 50 });
        await setTime(at("2026-11-30T10:00:30.000Z"));
        await run(store, s, limits, 3);
        for (let i = 0; i < 3; i++) {
          const u = await store.usage(s, limits);
          expect(u.limits.map((l) => l.remaining)).toEqual([2, 47]);
        }
        await store.reset(s);
        expect((await store.usage(s, limits)).limits.map((l) => l.remaining)).toEqual([5, 50]);
        const history = await store.history(s, 1);
        expect(history).toEqual([{ minute: at("2026-11-30T10:00:00.000Z"), allowed: 3, denied: 0 }]);
      }));

    test("usage of a subject never seen shows every limit full", () =>
      withStore(async ({ store, setTime }) => {
        const now = at("2026-11-30T10:00:00.000Z");
        await setTime(now);
        const u = await store.usage(fresh(), spec({ capacity: 5, perMinute: 5, day: 9 }));
        expect(u.limits).toEqual([
          { name: "burst", limit: 5, remaining: 5, resetMs: now, waitMs: 0, perMinute: 5 },
          { name: "day", limit: 9, remaining: 9, resetMs: at("2026-12-01T00:00:00.000Z"), waitMs: 0 },
        ]);
      }));

    test("history counts allowed and denied checks per minute, oldest first, zeros included, a day at most", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const limits = spec({ capacity: 2, perMinute: 1 });
        await setTime(at("2026-11-30T10:00:10.000Z"));
        await run(store, s, limits, 3);
        await setTime(at("2026-11-30T10:02:59.000Z"));
        await run(store, s, limits, 3);
        await store.recordChecks(s, { allowed: 0, denied: 5 });
        const points = await store.history(s, 4);
        expect(points).toEqual([
          { minute: at("2026-11-30T09:59:00.000Z"), allowed: 0, denied: 0 },
          { minute: at("2026-11-30T10:00:00.000Z"), allowed: 2, denied: 1 },
          { minute: at("2026-11-30T10:01:00.000Z"), allowed: 0, denied: 0 },
          { minute: at("2026-11-30T10:02:00.000Z"), allowed: 2, denied: 6 },
        ]);
        await setTime(at("2026-12-01T10:00:30.000Z"));
        const day = await store.history(s, 1440);
        expect(day).toHaveLength(1440);
        expect(day[0]?.minute).toBe(at("2026-11-30T10:01:00.000Z"));
        expect(day.reduce((n, p) => n + p.allowed + p.denied, 0)).toBe(8);
      }));

    test("subjects are counted apart", () =>
      withStore(async ({ store, setTime }) => {
        const [a, b] = [fresh(), fresh()];
        const limits = spec({ day: 1 });
        await setTime(at("2026-11-30T10:00:00.000Z"));
        expect(await run(store, a, limits, 2)).toEqual([true, false]);
        expect(await run(store, b, limits, 1)).toEqual([true]);
      }));

    test("many concurrent checks never allow more than the limit", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const limits = spec({ capacity: 25, perMinute: 1, hour: 1000, day: 1000 });
        await setTime(at("2026-11-30T10:00:00.000Z"));
        const results = await Promise.all(Array.from({ length: 200 }, () => store.check(s, limits, 1)));
        expect(results.filter((r) => r.allowed)).toHaveLength(25);
        expect((await store.usage(s, limits)).limits.map((l) => l.remaining)).toEqual([0, 975, 975]);
      }));

    test("calls made together through a view (together()) are each counted as if alone, and read as the store's own", () =>
      withStore(async ({ store, setTime }) => {
        const [a, b] = [fresh(), fresh()];
        const limits = spec({ capacity: 3, perMinute: 1, hour: null, day: null });
        await setTime(at("2026-11-30T10:00:30.000Z"));
        const view = store.together();
        const checks = await Promise.all([a, b, a, a, b, a].map((s) => view.check(s, limits, 1)));
        expect(checks.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
        const [usage, history] = await Promise.all([view.usage(a, limits), view.history(a, 2)]);
        expect(usage).toEqual(await store.usage(a, limits));
        expect(history).toEqual(await store.history(a, 2));
        expect(history.at(-1)).toMatchObject({ allowed: 3, denied: 1 });
      }));

    test("a day-long window keeps its count until the day ends", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        await setTime(at("2026-11-30T00:00:00.000Z"));
        await run(store, s, spec({ day: 2 }), 2);
        await setTime(at("2026-11-30T00:00:00.000Z") + DAY_MS - 1);
        expect((await store.check(s, spec({ day: 2 }), 1)).allowed).toBe(false);
      }));
    test("a week runs from Monday 00:00Z; a month on billing day 31 runs to the 28th of February, then to 31 March", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const limits = spec({ week: 5, month: 3, billingDay: 31 });
        await setTime(at("2026-01-31T00:00:00.000Z"));
        expect(await run(store, s, limits, 4)).toEqual([true, true, true, false]);
        const denied = await store.check(s, limits, 1);
        const month = denied.limits.find((l) => l.name === "month");
        expect(month).toEqual({
          name: "month",
          limit: 3,
          remaining: 0,
          resetMs: at("2026-02-28T00:00:00.000Z"),
          waitMs: at("2026-02-28T00:00:00.000Z") - at("2026-01-31T00:00:00.000Z"),
        });
        // 31 January 2026 is a Saturday: the week ends on Monday 2 February.
        expect(denied.limits.find((l) => l.name === "week")?.resetMs).toBe(at("2026-02-02T00:00:00.000Z"));
        await setTime(at("2026-02-27T23:59:59.999Z"));
        expect((await store.check(s, limits, 1)).allowed).toBe(false);
        await setTime(at("2026-02-28T00:00:00.000Z"));
        const renewed = await store.check(s, limits, 1);
        expect(renewed.allowed).toBe(true);
        expect(renewed.limits.find((l) => l.name === "month")?.resetMs).toBe(at("2026-03-31T00:00:00.000Z"));
      }));

    test("a billing day moved keeps the month's count when the new month began no later than the old one", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        // From the 5th: 5 November to 5 December, then 5 December to 5 January. Then from the 20th: 20 November to 20
        // December, which holds the 7 of the month kept and, from the days, the 3 of 25 November before it began.
        await setTime(at("2026-11-25T10:00:00.000Z"));
        expect(await run(store, s, spec({ month: 100, billingDay: 5 }), 1, 3)).toEqual([true]);
        await setTime(at("2026-12-05T10:00:00.000Z"));
        expect(await run(store, s, spec({ month: 100, billingDay: 5 }), 1, 7)).toEqual([true]);
        const moved = await store.check(s, spec({ month: 100, billingDay: 20 }), 1);
        expect(moved.limits[0]).toMatchObject({ remaining: 89, resetMs: at("2026-12-20T00:00:00.000Z") });
        // Then from the 3rd: 3 December to 3 January, begun after 20 November, so what that month counted may be older
        // than it: the new month's count is worked out from the days, today's 8 checks.
        const later = await store.check(s, spec({ month: 100, billingDay: 3 }), 1);
        expect(later.limits[0]).toMatchObject({ remaining: 91, resetMs: at("2027-01-03T00:00:00.000Z") });
      }));

    test("a month kept through a move of its billing day ends when the new month does, even with no check written", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        await setTime(at("2026-12-05T10:00:00.000Z"));
        expect(await run(store, s, spec({ month: 7, billingDay: 5 }), 1, 7)).toEqual([true]);
        // Moved to the 20th: the 7 are in the month from 20 November, so it is denied, and writes nothing.
        const moved = spec({ month: 7, billingDay: 20 });
        expect((await store.check(s, moved, 1)).allowed).toBe(false);
        // From 20 December, a new month: the 7 were counted in the one before it, though no check wrote since.
        await setTime(at("2026-12-20T00:00:05.000Z"));
        const renewed = await store.check(s, moved, 1);
        expect([renewed.allowed, renewed.limits[0]?.remaining]).toEqual([true, 6]);
      }));

    test("months follow the calendar through leap years and year ends, by the store's clock", () =>
      withStore(async ({ store, setTime }) => {
        const leap = fresh();
        const fromThe30th = spec({ month: 1, billingDay: 30 });
        // 2028 is a leap year: the month from 30 January runs to 29 February.
        await setTime(at("2028-02-28T12:00:00.000Z"));
        expect(await run(store, leap, fromThe30th, 2)).toEqual([true, false]);
        await setTime(at("2028-02-29T00:00:00.000Z"));
        const d = await store.check(leap, fromThe30th, 1);
        expect([d.allowed, d.limits[0]?.resetMs]).toEqual([true, at("2028-03-30T00:00:00.000Z")]);
        const yearEnd = fresh();
        const calendar = spec({ month: 1 });
        await setTime(at("2026-12-31T23:59:59.999Z"));
        expect(await run(store, yearEnd, calendar, 2)).toEqual([true, false]);
        await setTime(at("2027-01-01T00:00:00.000Z"));
        expect(await run(store, yearEnd, calendar, 2)).toEqual([true, false]);
      }));

    test("a resource's limits are decided with the plan's in one step; a denial by either takes from neither", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const own = spec({ capacity: 10, perMinute: 60, day: 100 });
        const ai = spec({ capacity: 10, perMinute: 60, day: 100 }, { name: "ai.generate", limits: { day: 2 } });
        await setTime(at("2026-11-30T10:00:00.000Z"));
        expect(await run(store, s, ai, 3)).toEqual([true, true, false]);
        const denied = await store.check(s, ai, 1);
        expect(denied.limits.map((l) => [l.name, l.remaining])).toEqual([
          ["burst", 8],
          ["day", 98],
          ["ai.generate/day", 0],
        ]);
        // The plan's own limits still let plain checks through, and they count against the resource's checks too.
        expect(await run(store, s, own, 8)).toEqual(Array(8).fill(true));
        expect((await store.usage(s, own)).limits.map((l) => [l.name, l.remaining])).toEqual([
          ["burst", 0],
          ["day", 90],
        ]);
        // A resource that denies through the plan's own bucket: nothing taken from the resource either.
        const other = spec({ capacity: 10, perMinute: 60, day: 100 }, { name: "export", limits: { day: 5 } });
        expect((await store.check(s, other, 1)).allowed).toBe(false);
        expect((await store.usage(s, other)).limits.at(-1)).toMatchObject({ name: "export/day", remaining: 5 });
      }));

    test("a refund gives cost back to every bucket and window of the check, never beyond a limit's size", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const limits = spec({ capacity: 5, perMinute: 1, hour: 10, month: 20 }, { name: "ai", limits: { day: 4 } });
        await setTime(at("2026-11-30T10:00:00.000Z"));
        expect(await run(store, s, limits, 2, 2)).toEqual([true, true]);
        const refunded = await store.refund(s, limits, 3);
        expect(refunded.limits.map((l) => [l.name, l.remaining])).toEqual([
          ["burst", 4],
          ["hour", 9],
          ["month", 19],
          ["ai/day", 3],
        ]);
        // More than was taken: every limit is full again, none beyond its size.
        const full = await store.refund(s, limits, 100);
        expect(full.limits.map((l) => l.remaining)).toEqual([5, 10, 20, 4]);
        expect(await run(store, s, limits, 5)).toEqual([true, true, true, true, false]);
        // A subject never seen has nothing to give back.
        expect((await store.refund(fresh(), limits, 1)).limits.map((l) => l.remaining)).toEqual([5, 10, 20, 4]);
      }));

    test("reset forgets the counters of the plan's limits and of every resource's", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const limits = spec({ day: 3 }, { name: "ai", limits: { day: 1 } });
        await setTime(at("2026-11-30T10:00:00.000Z"));
        expect(await run(store, s, limits, 2)).toEqual([true, false]);
        await store.reset(s);
        expect((await store.usage(s, limits)).limits.map((l) => l.remaining)).toEqual([3, 1]);
      }));

    test("reset with the history forgets the checks per minute and per day, its resources' too; what follows counts from none", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const own = spec({ capacity: 50, perMinute: 50, day: 100 });
        const ai = spec({ day: 100 }, { name: "ai", limits: { day: 10 } });
        await setTime(at("2026-11-28T12:00:00.000Z"));
        await run(store, s, own, 2);
        await run(store, s, ai, 1, 3);
        await setTime(at("2026-11-30T09:59:10.000Z"));
        await run(store, s, own, 1);
        // The minute's checks are still in the counters when the reset comes (check.lua's mi and mc).
        await setTime(at("2026-11-30T10:00:30.000Z"));
        await run(store, s, own, 3);
        await run(store, s, ai, 2, 6);
        await store.reset(s, { history: true });
        expect((await store.history(s, 1440)).filter((p) => p.allowed + p.denied > 0)).toEqual([]);
        expect((await store.daily(s, 3)).filter((d) => d.allowed + d.denied + d.units > 0)).toEqual([]);
        expect((await store.daily(s, 3, "ai")).filter((d) => d.allowed + d.denied + d.units > 0)).toEqual([]);
        expect((await store.usage(s, ai)).limits.map((l) => l.remaining)).toEqual([100, 10]);
        await run(store, s, ai, 1, 2);
        await setTime(at("2026-11-30T10:01:10.000Z"));
        await run(store, s, own, 1);
        expect(await store.history(s, 2)).toEqual([
          { minute: at("2026-11-30T10:00:00.000Z"), allowed: 1, denied: 0 },
          { minute: at("2026-11-30T10:01:00.000Z"), allowed: 1, denied: 0 },
        ]);
        const day = at("2026-11-30T00:00:00.000Z");
        expect((await store.daily(s, 1))[0]).toEqual({ day, allowed: 2, denied: 0, units: 3 });
        expect((await store.daily(s, 1, "ai"))[0]).toEqual({ day, allowed: 1, denied: 0, units: 2 });
        // A reset without it keeps the history, as before.
        await store.reset(s);
        expect((await store.daily(s, 1))[0]).toEqual({ day, allowed: 2, denied: 0, units: 3 });
      }));

    test("dailyParts reads every limit set's days at once, as daily reads each: its own first, then each resource with any, by name", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const own = spec({ day: 100 });
        const part = (name: string) => spec({ day: 100 }, { name, limits: { day: 2 } });
        await setTime(at("2026-11-20T12:00:00.000Z"));
        await run(store, s, part("old"), 1);
        await setTime(at("2026-11-29T23:59:00.000Z"));
        await run(store, s, own, 2);
        await run(store, s, part("zeta"), 3);
        await setTime(at("2026-11-30T08:00:00.000Z"));
        await run(store, s, part("ai"), 1, 2);
        await store.refund(s, part("ai"), 1);
        const expected = async (days: number, names: string[]) => [
          { resource: null, points: await store.daily(s, days) },
          ...(await Promise.all(
            names.map(async (name) => ({ resource: name, points: await store.daily(s, days, name) })),
          )),
        ];
        // "old" had no check in the last three days; a 400-day read spans several of days.lua's 64-day blocks.
        expect(await store.dailyParts(s, 3)).toEqual(await expected(3, ["ai", "zeta"]));
        expect(await store.dailyParts(s, 400)).toEqual(await expected(400, ["ai", "old", "zeta"]));
        expect((await store.dailyParts(s, 1))[1]?.points).toEqual([
          { day: at("2026-11-30T00:00:00.000Z"), allowed: 1, denied: 0, units: 1 },
        ]);
        // A subject with no day, and an address (which keeps none), have their own set alone, of zeros.
        expect(await store.dailyParts(fresh(), 2)).toEqual([{ resource: null, points: await store.daily(fresh(), 2) }]);
        const ip = `ip:198.51.100.${next++ % 250}`;
        await run(store, ip, part("ai"), 1);
        expect((await store.dailyParts(ip, 1)).map((p) => p.resource)).toEqual([null]);
      }));

    test("daily usage counts allowed and denied checks per UTC day for 400 days; anonymous subjects keep none", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const limits = spec({ day: 2 });
        await setTime(at("2026-11-29T23:59:00.000Z"));
        await run(store, s, limits, 3);
        await setTime(at("2026-11-30T00:00:30.000Z"));
        await run(store, s, limits, 1);
        await store.recordChecks(s, { allowed: 0, denied: 4 });
        expect(await store.daily(s, 3)).toEqual([
          { day: at("2026-11-28T00:00:00.000Z"), allowed: 0, denied: 0, units: 0 },
          { day: at("2026-11-29T00:00:00.000Z"), allowed: 2, denied: 1, units: 2 },
          { day: at("2026-11-30T00:00:00.000Z"), allowed: 1, denied: 4, units: 1 },
        ]);
        await setTime(at("2027-01-02T10:00:00.000Z"));
        const year = await store.daily(s, 400);
        expect(year).toHaveLength(400);
        expect(year[0]?.day).toBe(at("2025-11-29T00:00:00.000Z"));
        expect(year.reduce((n, p) => n + p.allowed + p.denied, 0)).toBe(8);
        const ip = `ip:198.51.100.${next++ % 250}`;
        await run(store, ip, limits, 3);
        expect((await store.daily(ip, 1))[0]).toMatchObject({ allowed: 0, denied: 0 });
        expect((await store.history(ip, 1))[0]).toMatchObject({ allowed: 2, denied: 1 });
      }));

    test("a day's units are the cost its allowed checks consumed; a refund takes its cost from today's, never more than the day holds or the windows give back; an outage's add its units to the day they were allowed", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const limits = spec({ day: 100 });
        await setTime(at("2026-11-29T12:00:00.000Z"));
        expect(await run(store, s, limits, 2, 7)).toEqual([true, true]);
        // Denied: a check, but no units.
        expect(await run(store, s, limits, 1, 1000)).toEqual([false]);
        await setTime(at("2026-11-30T00:00:10.000Z"));
        await run(store, s, limits, 1, 5);
        await store.refund(s, limits, 3);
        expect((await store.daily(s, 1))[0]).toMatchObject({ allowed: 1, units: 2 });
        // More than today's units: today has none left, and yesterday's bill stays as it was; a check after it is
        // billed (an audit: a refund of 10 on a fresh day made the next 5 checks free, as a refund sent twice did).
        await store.refund(s, limits, 10);
        expect((await store.daily(s, 1))[0]).toMatchObject({ allowed: 1, units: 0 });
        await run(store, s, limits, 1, 4);
        const added = { allowedAtMs: at("2026-11-29T23:59:59.000Z"), checks: 3, server: "server-1", seq: 1 };
        await store.addAllowed(s, limits, 9, added);
        // Sent again (its answer lost): counted once.
        await store.addAllowed(s, limits, 9, added);
        expect(await store.daily(s, 2)).toEqual([
          { day: at("2026-11-29T00:00:00.000Z"), allowed: 5, denied: 1, units: 23 },
          { day: at("2026-11-30T00:00:00.000Z"), allowed: 2, denied: 0, units: 4 },
        ]);
        // Found by an audit: checks spent from a server's share (the windows count it from its take), recorded within
        // a second, refunded before: 5 checks of 3 and their refunds left 12 units on the day.
        const shared = fresh();
        await run(store, shared, limits, 1, 1);
        await store.take(shared, limits, 0, { share: 15 });
        for (let i = 0; i < 5; i++) await store.refund(shared, limits, 3);
        expect((await store.daily(shared, 1))[0]).toMatchObject({ allowed: 1, units: 0 });
        await store.recordChecks(shared, { allowed: 5, denied: 0, units: 15 });
        expect((await store.daily(shared, 1))[0]).toMatchObject({ allowed: 6, units: 1 });
        // A refund sent twice takes its units once: the second finds neither the day's units nor the windows' count.
        const twice = fresh();
        await run(store, twice, limits, 1, 5);
        await store.refund(twice, limits, 5);
        await store.refund(twice, limits, 5);
        await run(store, twice, limits, 5, 1);
        expect((await store.daily(twice, 1))[0]).toMatchObject({ allowed: 6, units: 5 });
        // A day that had no allowed checks has no units to give back.
        const quiet = fresh();
        await store.refund(quiet, limits, 2);
        expect((await store.daily(quiet, 1))[0]).toEqual({
          day: at("2026-11-30T00:00:00.000Z"),
          allowed: 0,
          denied: 0,
          units: 0,
        });
      }));

    test("a refund just after midnight of a check just before comes off the day before: each day's units net their own refunds", () =>
      withStore(async ({ store, setTime }) => {
        const limits = spec({ day: 100, week: 1000 }, { name: "vid", limits: { week: 1000 } });
        const s = fresh();
        await setTime(at("2026-12-01T23:59:50.000Z"));
        expect(await run(store, s, limits, 1, 10)).toEqual([true]);
        await setTime(at("2026-12-02T00:00:05.000Z"));
        // The day window gives back none of it (a new day), the week all 10.
        await store.refund(s, limits, 10);
        const none = { allowed: 1, denied: 0, units: 0 };
        expect((await store.daily(s, 2)).map(({ allowed, denied, units }) => ({ allowed, denied, units }))).toEqual([
          none,
          { ...none, allowed: 0 },
        ]);
        expect((await store.daily(s, 2, "vid"))[0]).toMatchObject(none);
        // Of more than today's use: today's first, then the day before's.
        const t = fresh();
        await setTime(at("2026-12-01T23:59:50.000Z"));
        await run(store, t, limits, 1, 10);
        await setTime(at("2026-12-02T00:00:05.000Z"));
        await run(store, t, limits, 1, 3);
        await store.refund(t, limits, 5);
        expect((await store.daily(t, 2)).map((d) => d.units)).toEqual([8, 0]);
        expect((await store.usage(t, limits)).limits.map((l) => l.remaining)).toEqual([100, 992, 992]);
      }));

    // Found by an audit: a refund took from both days what either part's windows gave back, so the other's day fell
    // below none and the checks after it were billed in neither.
    test("a refund takes from the customer's days what its own windows gave back, and from a resource's what the resource's did", () =>
      withStore(async ({ store, setTime }) => {
        const own = spec({ day: 1000, week: 10_000 });
        const named = spec({ day: 1000, week: 10_000 }, { name: "ai", limits: { day: 1000 } });
        const units = async (s: string) => [
          (await store.daily(s, 1))[0]?.units,
          (await store.daily(s, 1, "ai"))[0]?.units,
        ];
        await setTime(at("2026-12-02T10:00:00.000Z"));
        // The plan's part given back first, then the resource's: the second gives the plan's part nothing.
        const a = fresh();
        await run(store, a, named, 1, 10);
        await store.refund(a, own, 10);
        await store.refund(a, named, 10);
        await run(store, a, own, 1, 5);
        expect(await units(a)).toEqual([5, 0]);
        // A refund of more than the resource's windows hold: its days lose what they gave back, 2.
        const b = fresh();
        await run(store, b, own, 1, 10);
        await run(store, b, named, 1, 2);
        await store.refund(b, named, 10);
        await run(store, b, named, 1, 5);
        expect(await units(b)).toEqual([7, 5]);
        expect((await store.usage(b, named)).limits.map((l) => l.remaining)).toEqual([993, 9993, 995]);
      }));

    test("a resource's checks count in its own days as well as the subject's: allowed, denied, units, refunds, outage adds and recorded checks", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const own = spec({ day: 100 });
        const ai = spec({ day: 100 }, { name: "ai.generate", limits: { day: 10 } });
        const other = spec({ day: 100 }, { name: "search", limits: { day: 50 } });
        await setTime(at("2026-11-30T10:00:00.000Z"));
        await run(store, s, own, 2, 3);
        expect(await run(store, s, ai, 3, 4)).toEqual([true, true, false]);
        await run(store, s, other, 1, 1);
        await store.refund(s, ai, 5);
        const added = { allowedAtMs: at("2026-11-30T09:59:00.000Z"), checks: 1, server: "server-1", seq: 1 };
        await store.addAllowed(s, ai, 2, added);
        await store.recordChecks(s, { allowed: 2, denied: 3, units: 2, resource: "ai.generate" });
        const day = at("2026-11-30T00:00:00.000Z");
        expect(await store.daily(s, 1, "ai.generate")).toEqual([{ day, allowed: 5, denied: 4, units: 7 }]);
        expect(await store.daily(s, 1, "search")).toEqual([{ day, allowed: 1, denied: 0, units: 1 }]);
        // The subject's days count every check, whichever resource it named.
        expect(await store.daily(s, 1)).toEqual([{ day, allowed: 8, denied: 4, units: 14 }]);
        expect(await store.daily(s, 1, "unknown")).toEqual([{ day, allowed: 0, denied: 0, units: 0 }]);
      }));

    test("a record of checks sent again with its number (its answer lost) is added once: per server, subject and resource", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const limits = spec({ day: 100 }, { name: "ai.generate", limits: { day: 50 } });
        await setTime(at("2026-11-30T10:00:00.000Z"));
        await run(store, s, limits, 1, 1);
        const first = { allowed: 3, denied: 1, units: 6, once: { server: "server-1", seq: 1 } };
        await store.recordChecks(s, first);
        await store.recordChecks(s, first);
        // A later number adds; an earlier one, or another server's from its own count, as any other.
        await store.recordChecks(s, { allowed: 2, denied: 0, once: { server: "server-1", seq: 2 } });
        await store.recordChecks(s, { allowed: 5, denied: 0, once: { server: "server-1", seq: 1 } });
        await store.recordChecks(s, { allowed: 4, denied: 0, once: { server: "server-2", seq: 1 } });
        // A resource's records are numbered apart from the plan's own.
        const ai = { allowed: 1, denied: 0, units: 9, resource: "ai.generate", once: { server: "server-1", seq: 1 } };
        await store.recordChecks(s, ai);
        await store.recordChecks(s, ai);
        const day = at("2026-11-30T00:00:00.000Z");
        expect(await store.daily(s, 1)).toEqual([{ day, allowed: 11, denied: 1, units: 22 }]);
        expect(await store.daily(s, 1, "ai.generate")).toEqual([{ day, allowed: 2, denied: 0, units: 10 }]);
        expect((await store.history(s, 1))[0]).toMatchObject({ allowed: 11, denied: 1 });
      }));

    test("what a server allowed during an outage is added whatever the limits say: to the windows still running, to the bucket less what drained, to the history and the day", () =>
      withStore(async ({ store, setTime }) => {
        const s = fresh();
        const limits = spec({ capacity: 10, perMinute: 60, hour: 100, day: 1000 });
        await setTime(at("2026-11-30T10:00:00.000Z"));
        await run(store, s, limits, 3);
        // 20 units, the last allowed a second ago: the bucket has drained 1 of them since, and 2 of the first 3.
        await setTime(at("2026-11-30T10:00:02.000Z"));
        const added = { allowedAtMs: at("2026-11-30T10:00:01.000Z"), checks: 5, server: "server-1", seq: 1 };
        await store.addAllowed(s, limits, 20, added);
        const left = [
          ["burst", 0],
          ["hour", 77],
          ["day", 977],
        ];
        expect((await store.usage(s, limits)).limits.map((l) => [l.name, l.remaining])).toEqual(left);
        // Sent again (its answer lost), and an older one late: neither adds anything.
        await store.addAllowed(s, limits, 20, added);
        await store.addAllowed(s, limits, 20, { ...added, seq: 0 });
        expect((await store.usage(s, limits)).limits.map((l) => [l.name, l.remaining])).toEqual(left);
        // Past every limit, and a window that has ended since: the day takes them, the new hour does not.
        await setTime(at("2026-11-30T11:00:05.000Z"));
        const last = { allowedAtMs: at("2026-11-30T10:59:59.000Z"), checks: 1, server: "server-1", seq: 2 };
        await store.addAllowed(s, limits, 1000, last);
        const after = await store.usage(s, limits);
        expect(after.limits.map((l) => [l.name, l.remaining])).toEqual([
          ["burst", 0],
          ["hour", 100],
          ["day", 0],
        ]);
        expect((await store.check(s, limits, 1)).allowed).toBe(false);
        const minutes = await store.history(s, 61);
        expect(minutes.find((p) => p.minute === at("2026-11-30T10:00:00.000Z"))).toMatchObject({ allowed: 8 });
        expect(minutes.find((p) => p.minute === at("2026-11-30T10:59:00.000Z"))).toMatchObject({ allowed: 1 });
        expect((await store.daily(s, 1))[0]).toMatchObject({ allowed: 9, denied: 1, units: 1023 });
      }));

    test("presence: the servers that said they share the store within their time, each once", () =>
      withStore(async ({ store, setTime }) => {
        // A day of this run's own, so that another run's servers on the same store have long gone.
        const start = at("2026-11-30T10:00:00.000Z") + next++ * DAY_MS;
        const [a, b, c] = [fresh(), fresh(), fresh()];
        await setTime(start);
        expect(await store.presence(a, 5000)).toBe(1);
        expect(await store.presence(b, 5000)).toBe(2);
        await setTime(start + 3000);
        expect(await store.presence(a, 5000)).toBe(2);
        // b said so last at the start: gone 5 s later; a is still there.
        await setTime(start + 5000);
        expect(await store.presence(c, 5000)).toBe(2);
        // Of those, the ones that said so less than 2.5 s ago (c now, a 2 s ago), then 2 s (c alone).
        expect(await store.presence(c, 5000, 2500)).toBe(2);
        expect(await store.presence(c, 5000, 2000)).toBe(1);
      }));

    test("the board: the nearest by share left, the most denied in the last hour, everyone's checks per minute", () =>
      withStore(async ({ store, setTime }) => {
        const [a, b, c, d] = [fresh(), fresh(), fresh(), fresh()].sort() as [string, string, string, string];
        // Everyone's traffic is one count: a day of this run's own, apart from other runs on the same store.
        const day = next++ * DAY_MS;
        const time = (iso: string) => at(iso) + day;
        const ours = new Set([a, b, c, d]);
        // A store that outlives a test may hold other tests' marks: only these subjects are looked at.
        const read = async (minutes = 60) => {
          const board = await store.readBoard({ nearest: 10_000, denied: 10_000, minutes });
          return {
            nearest: board.nearest.filter((n) => ours.has(n.subject)),
            denied: board.denied.filter((row) => ours.has(row.subject)),
            traffic: board.traffic,
          };
        };
        await setTime(time("2031-03-01T10:00:30.000Z"));
        await store.markBoard({
          allowed: 6,
          denied: 4,
          customers: [
            { subject: a, left: 0.5, denied: 0 },
            { subject: b, left: 0.1, denied: 2 },
            { subject: c, left: 0.9, denied: 1 },
            { subject: d, left: 0.9, denied: 1 },
          ],
        });
        await setTime(time("2031-03-01T10:31:10.000Z"));
        // The share left is the last marked; denials add up over the hour, ties by subject.
        await store.markBoard({ allowed: 1, denied: 4, customers: [{ subject: a, left: 0, denied: 4 }] });
        let board = await read();
        const nearest = [
          { subject: a, left: 0 },
          { subject: b, left: 0.1 },
          { subject: c, left: 0.9 },
          { subject: d, left: 0.9 },
        ];
        expect(board.nearest).toEqual(nearest);
        // A customer named for its denials alone keeps the share it was last marked with.
        await store.markBoard({ allowed: 0, denied: 0, customers: [{ subject: c, left: null, denied: 0 }] });
        expect((await read()).nearest).toEqual(nearest);
        expect(board.denied).toEqual([
          { subject: a, denied: 4 },
          { subject: b, denied: 2 },
          { subject: c, denied: 1 },
          { subject: d, denied: 1 },
        ]);
        expect(board.traffic).toHaveLength(60);
        expect(board.traffic[0]?.minute).toBe(time("2031-03-01T09:32:00.000Z"));
        expect(board.traffic.find((p) => p.minute === time("2031-03-01T10:00:00.000Z"))).toMatchObject({
          allowed: 6,
          denied: 4,
        });
        expect(board.traffic.at(-1)).toEqual({ minute: time("2031-03-01T10:31:00.000Z"), allowed: 1, denied: 4 });
        expect((await read(5)).traffic.map((p) => p.allowed)).toEqual([0, 0, 0, 0, 1]);

        // An hour past 10:00, that minute's denials and checks have left the hour; shares stay until marked again.
        await setTime(time("2031-03-01T11:00:00.000Z"));
        board = await read();
        expect(board.denied).toEqual([{ subject: a, denied: 4 }]);
        expect(board.traffic.reduce((n, p) => n + p.allowed + p.denied, 0)).toBe(5);
        expect(board.nearest).toEqual(nearest);

        // A customer found gone leaves the board; one found grown (a refund, a reset) moves down it.
        await store.markBoard({ allowed: 0, denied: 0, customers: [{ subject: a, left: 0.95, denied: 0 }], gone: [b] });
        expect((await read()).nearest).toEqual([
          { subject: c, left: 0.9 },
          { subject: d, left: 0.9 },
          { subject: a, left: 0.95 },
        ]);
        expect((await store.readBoard({ nearest: 0, denied: 0, minutes: 0 })).traffic).toEqual([]);
      }));

    shareContract(withStore);
    alertContract(withStore);
    leaseContract(withStore);
    addedKindContract(withStore, added);
  });
}
