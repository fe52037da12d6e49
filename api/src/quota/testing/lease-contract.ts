// Leases (contract section 14) as every counter store must keep them: requests in flight held to a `concurrent`
// limit in the same step as every other limit, releases, expiry on the store's clock with nothing running, and
// reservations settled at their real cost. Part of the store contract.
import { expect, test } from "vitest";
import type { LeaseAsk } from "../counting";
import type { Decision } from "../decision";
import type { LimitSpec } from "../limits";
import type { CounterStore } from "../store";
import type { WithStore } from "./store-harness";
import { testSpec } from "./test-spec";

const at = (iso: string) => Date.parse(iso);
let next = 0;
const fresh = () => `lease-${process.pid}-${Date.now()}-${next++}`;
const lease = (ttlMs = 60_000, reserve = false): LeaseAsk => ({ id: `t${next++}x${process.pid}`, ttlMs, reserve });

const entry = (d: Decision | null, name: string) => d?.limits.find((l) => l.name === name);

/** Checks that each take a lease, one after another: which were allowed, and the leases of those. */
async function take(store: CounterStore, s: string, spec: LimitSpec, n: number, ttlMs = 60_000) {
  const allowed: boolean[] = [];
  const leases: LeaseAsk[] = [];
  for (let i = 0; i < n; i++) {
    const ask = lease(ttlMs);
    const d = await store.check(s, spec, 1, ask);
    allowed.push(d.allowed);
    if (d.allowed) leases.push(ask);
  }
  return { allowed, leases };
}

export function leaseContract(withStore: WithStore) {
  test("leases: `concurrent` of n lets n checks hold a lease at once; the next is denied by entry `concurrent`", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const spec = testSpec({ hour: 100, concurrent: 3 });
      await setTime(at("2026-11-30T10:00:00.000Z"));
      const { allowed } = await take(store, s, spec, 4);
      expect(allowed).toEqual([true, true, true, false]);
      const denied = await store.check(s, spec, 1, lease());
      const concurrent = entry(denied, "concurrent");
      // Held until the first lease ends (60 s on), but a denial asks no longer than a few seconds.
      expect(concurrent).toMatchObject({ limit: 3, remaining: 0, resetMs: at("2026-11-30T10:01:00.000Z") });
      expect(concurrent?.waitMs).toBe(3000);
      // The denial consumed nothing: the hour counts the 3 allowed.
      expect(entry(denied, "hour")?.remaining).toBe(97);
      expect(entry(await store.usage(s, spec), "concurrent")).toMatchObject({ remaining: 0 });
    }));

  test("leases: a denial by any other limit takes no lease", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const spec = testSpec({ hour: 2, concurrent: 5 });
      await setTime(at("2026-11-30T10:00:00.000Z"));
      const { allowed } = await take(store, s, spec, 4);
      expect(allowed).toEqual([true, true, false, false]);
      expect(entry(await store.usage(s, spec), "concurrent")).toMatchObject({ limit: 5, remaining: 3 });
    }));

  test("leases: a release frees its slot at once, once; a second release of it finds nothing", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const spec = testSpec({ concurrent: 2 });
      await setTime(at("2026-11-30T10:00:00.000Z"));
      const { leases } = await take(store, s, spec, 2);
      expect((await store.check(s, spec, 1, lease())).allowed).toBe(false);
      const released = await store.release(s, spec, (leases[0] as LeaseAsk).id);
      expect(entry(released, "concurrent")).toMatchObject({ limit: 2, remaining: 1 });
      expect(await store.release(s, spec, (leases[0] as LeaseAsk).id)).toBeNull();
      expect(await store.release(s, spec, "never-taken")).toBeNull();
      expect((await take(store, s, spec, 2)).allowed).toEqual([true, false]);
    }));

  test("leases: one not released ends at its end, on the store's clock, with nothing run in between", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const spec = testSpec({ concurrent: 1 });
      await setTime(at("2026-11-30T10:00:00.000Z"));
      const { leases } = await take(store, s, spec, 1, 2000);
      await setTime(at("2026-11-30T10:00:01.999Z"));
      const held = await store.check(s, spec, 1, lease());
      expect(held.allowed).toBe(false);
      // The first lease ends 2 s after it was taken (on a whole second): 1 ms from here.
      expect(entry(held, "concurrent")?.waitMs).toBe(1);
      await setTime(at("2026-11-30T10:00:02.000Z"));
      expect((await store.check(s, spec, 1, lease())).allowed).toBe(true);
      // Ended by itself: releasing it now finds nothing.
      expect(await store.release(s, spec, (leases[0] as LeaseAsk).id)).toBeNull();
    }));

  test("leases: a resource's concurrent limit holds its own leases, beside the plan's", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const plain = testSpec({ concurrent: 3 });
      const spec = testSpec({ concurrent: 3 }, { name: "ai.generate", limits: { concurrent: 1 } });
      await setTime(at("2026-11-30T10:00:00.000Z"));
      const first = lease();
      expect((await store.check(s, spec, 1, first)).allowed).toBe(true);
      const denied = await store.check(s, spec, 1, lease());
      expect(denied.allowed).toBe(false);
      expect(entry(denied, "ai.generate/concurrent")).toMatchObject({ remaining: 0 });
      expect(entry(denied, "concurrent")).toMatchObject({ remaining: 2 });
      // The plan's own limit has room for checks that name no resource.
      expect((await take(store, s, plain, 3)).allowed).toEqual([true, true, false]);
      expect(entry(await store.release(s, spec, first.id), "ai.generate/concurrent")).toMatchObject({ remaining: 1 });
    }));

  test("reserve and settle: reserve 4,000 of 10,000, settle at 1,500, and 8,500 are left", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const spec = testSpec({ day: 10_000 });
      await setTime(at("2026-11-30T10:00:00.000Z"));
      const ask = lease(120_000, true);
      const reserved = await store.check(s, spec, 4000, ask);
      expect(entry(reserved, "day")?.remaining).toBe(6000);
      await setTime(at("2026-11-30T10:00:30.000Z"));
      const settled = await store.settle(s, spec, ask.id, 1500);
      expect(entry(settled, "day")?.remaining).toBe(8500);
      expect(entry(await store.usage(s, spec), "day")?.remaining).toBe(8500);
      // Settled once: a second settle, or a release after it, finds nothing and changes nothing.
      expect(await store.settle(s, spec, ask.id, 10)).toBeNull();
      expect(await store.release(s, spec, ask.id)).toBeNull();
      expect(entry(await store.usage(s, spec), "day")?.remaining).toBe(8500);
      // The day's units are the settled cost; its checks, one.
      const [today] = (await store.daily(s, 1)).slice(-1);
      expect(today).toMatchObject({ allowed: 1, units: 1500 });
    }));

  test("reserve and settle: a settle past the limit is counted, and the next check is denied", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const spec = testSpec({ capacity: 100, perMinute: 100, day: 1000 }, { name: "llm", limits: { day: 500 } });
      await setTime(at("2026-11-30T10:00:00.000Z"));
      const ask = lease(60_000, true);
      expect((await store.check(s, spec, 100, ask)).allowed).toBe(true);
      const settled = await store.settle(s, spec, ask.id, 700);
      expect(entry(settled, "day")?.remaining).toBe(300);
      expect(entry(settled, "llm/day")?.remaining).toBe(0);
      expect(entry(settled, "burst")?.remaining).toBe(0);
      await setTime(at("2026-11-30T10:10:00.000Z"));
      expect((await store.check(s, spec, 1)).allowed).toBe(false);
      const [today] = (await store.daily(s, 1, "llm")).slice(-1);
      expect(today).toMatchObject({ allowed: 1, units: 700 });
    }));

  test("reserve and settle: after its end a reservation keeps its reserved cost and cannot be settled", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const spec = testSpec({ day: 100, concurrent: 1 });
      await setTime(at("2026-11-30T10:00:00.000Z"));
      const ask = lease(5000, true);
      expect((await store.check(s, spec, 40, ask)).allowed).toBe(true);
      await setTime(at("2026-11-30T10:00:05.000Z"));
      expect(await store.settle(s, spec, ask.id, 1)).toBeNull();
      const usage = await store.usage(s, spec);
      expect(entry(usage, "day")?.remaining).toBe(60);
      expect(entry(usage, "concurrent")?.remaining).toBe(1);
    }));

  test("reserve and settle: a settle gives back only to the windows the reservation took from, and frees its slot", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const spec = testSpec({ hour: 1000, day: 1000, concurrent: 1 });
      await setTime(at("2026-11-30T10:59:00.000Z"));
      const ask = lease(3_600_000, true);
      expect((await store.check(s, spec, 300, ask)).allowed).toBe(true);
      await setTime(at("2026-11-30T11:01:00.000Z"));
      // The hour it was taken from has ended; the day still runs.
      const settled = await store.settle(s, spec, ask.id, 100);
      expect(entry(settled, "hour")?.remaining).toBe(1000);
      expect(entry(settled, "day")?.remaining).toBe(900);
      expect(entry(settled, "concurrent")?.remaining).toBe(1);
      // A lease that reserved nothing has nothing to settle.
      const plain = lease();
      expect((await store.check(s, spec, 1, plain)).allowed).toBe(true);
      expect(await store.settle(s, spec, plain.id, 5)).toBeNull();
      expect(entry(await store.release(s, spec, plain.id), "concurrent")?.remaining).toBe(1);
    }));

  // Found by an audit: a lease id whose resource a client added or took away settled the wrong counters (a settle of 50
  // took from a resource its check never named; one of 0 gave a resource back 5 units it never took).
  test("reserve and settle: a settle or release held to other limits than its check's finds no reservation, and leaves it", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const own = testSpec({ day: 1000 });
      const named = testSpec({ day: 1000 }, { name: "ai", limits: { day: 500 } });
      await setTime(at("2026-11-30T10:00:00.000Z"));
      expect((await store.check(s, named, 10)).allowed).toBe(true);
      const plain = lease(60_000, true);
      expect((await store.check(s, own, 5, plain)).allowed).toBe(true);
      // Settled or released as if its check had named the resource: nothing found, nothing changed.
      expect(await store.settle(s, named, plain.id, 50)).toBeNull();
      expect(await store.settle(s, named, plain.id, 0)).toBeNull();
      expect(await store.release(s, named, plain.id)).toBeNull();
      expect((await store.usage(s, named)).limits.map((l) => [l.name, l.remaining])).toEqual([
        ["day", 985],
        ["ai/day", 490],
      ]);
      // Its own limits still settle it, once.
      expect(entry(await store.settle(s, own, plain.id, 1), "day")?.remaining).toBe(989);
      expect(await store.settle(s, own, plain.id, 1)).toBeNull();
      // And one whose check named the resource, settled without it.
      const withAi = lease(60_000, true);
      expect((await store.check(s, named, 5, withAi)).allowed).toBe(true);
      expect(await store.settle(s, own, withAi.id, 1)).toBeNull();
      expect(await store.release(s, own, withAi.id)).toBeNull();
      expect(entry(await store.settle(s, named, withAi.id, 1), "ai/day")?.remaining).toBe(489);
    }));

  // Found by an audit: reserve 5, reset, settle 400 answered 200 and the day's units stayed 5 (and reserve 400, reset,
  // settle 5 billed 400).
  test("reserve and settle: a reservation made before a reset changes no limit at its settle, and the day's units count its real cost", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const spec = testSpec({ day: 100 }, { name: "llm", limits: { day: 100 } });
      await setTime(at("2026-11-30T10:00:00.000Z"));
      const up = lease(60_000, true);
      const down = lease(60_000, true);
      expect((await store.check(s, spec, 50, up)).allowed).toBe(true);
      expect((await store.check(s, spec, 40, down)).allowed).toBe(true);
      await store.reset(s);
      expect(entry(await store.settle(s, spec, up.id, 90), "day")?.remaining).toBe(100);
      expect(entry(await store.settle(s, spec, down.id, 5), "llm/day")?.remaining).toBe(100);
      expect(await store.settle(s, spec, up.id, 90)).toBeNull();
      const [today] = (await store.daily(s, 1)).slice(-1);
      expect(today).toMatchObject({ allowed: 2, units: 95 });
      const [llm] = (await store.daily(s, 1, "llm")).slice(-1);
      expect(llm).toMatchObject({ allowed: 2, units: 95 });
    }));

  // Found by an audit: after a reset (and a customer's delete, which resets), leases held before kept every slot, so
  // a customer made again with the id was denied by `concurrent` until they ended (up to an hour).
  test("leases: a reset frees every slot, of the plan's part and of a resource's; their releases find nothing", () =>
    withStore(async ({ store, setTime }) => {
      const s = fresh();
      const spec = testSpec({ hour: 100, concurrent: 2 }, { name: "gpu", limits: { concurrent: 1 } });
      await setTime(at("2026-11-30T10:00:00.000Z"));
      const { allowed, leases } = await take(store, s, spec, 2);
      expect(allowed).toEqual([true, false]);
      await store.reset(s);
      const after = await store.usage(s, spec);
      expect(entry(after, "concurrent")?.remaining).toBe(2);
      expect(entry(after, "gpu/concurrent")?.remaining).toBe(1);
      expect(await store.release(s, spec, (leases[0] as LeaseAsk).id)).toBeNull();
      expect((await take(store, s, spec, 2)).allowed).toEqual([true, false]);
    }));
}
