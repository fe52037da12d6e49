// Shares (contract section 12) as every counter store must keep them: part of the store contract, run on each store.
import { expect, test } from "vitest";
import { SHARE_LEASE_MS } from "../counting";
import type { StoreHarness, WithStore } from "./store-harness";
import { testSpec as spec } from "./test-spec";

const at = (iso: string) => Date.parse(iso);
let next = 0;
const fresh = () => `share-${process.pid}-${Date.now()}-${next++}`;

/** Where each limit stands, by name: remaining, and held when servers hold some of it. */
async function standing(h: StoreHarness, subject: string, limits: ReturnType<typeof spec>) {
  const { limits: entries } = await h.store.usage(subject, limits);
  return Object.fromEntries(entries.map((l) => [l.name, l.held ? [l.remaining, l.held] : l.remaining]));
}

export function shareContract(withStore: WithStore) {
  test("a take decides its check and takes a share from every limit at once, only as much as each has room for", () =>
    withStore(async (h) => {
      const s = fresh();
      const limits = spec({ hour: 30, day: 25 }, { name: "ai", limits: { day: 12 } });
      await h.setTime(at("2026-11-30T10:00:00.000Z"));
      const first = await h.store.take(s, limits, 1, { share: 10 });
      expect([first.allowed, first.taken]).toEqual([true, 10]);
      // What a take reports counts its share as used.
      expect(first.limits.map((l) => l.remaining)).toEqual([19, 14, 1]);
      expect(await standing(h, s, limits)).toEqual({ hour: [19, 10], day: [14, 10], "ai/day": [1, 10] });
      // The resource has room for 1 more once a cost of 1 is taken: none is left for a share.
      const second = await h.store.take(s, limits, 1, { share: 10 });
      expect([second.allowed, second.taken]).toEqual([true, 0]);
      // A denial takes nothing, share or cost.
      const third = await h.store.take(s, limits, 1, { share: 10 });
      expect([third.allowed, third.taken]).toEqual([false, 0]);
      expect(await standing(h, s, limits)).toEqual({ hour: [18, 10], day: [13, 10], "ai/day": [0, 10] });
    }));

  test("a give-back returns what was not spent to each window it was taken from, and settles the share", () =>
    withStore(async (h) => {
      const s = fresh();
      const limits = spec({ hour: 100, day: 100 });
      await h.setTime(at("2026-11-30T10:59:00.000Z"));
      const share = await h.store.take(s, limits, 0, { share: 10 });
      expect(share.taken).toBe(10);
      // The hour it was taken in has ended: its 4 unspent units are gone from that hour, and go back to the day.
      await h.setTime(at("2026-11-30T11:00:01.000Z"));
      await h.store.giveBack(s, limits, 4, { takenAtMs: share.nowMs, size: 10 });
      expect(await standing(h, s, limits)).toEqual({ hour: 100, day: 94 });
      // A take of cost 0 is not a check: the history saw none.
      expect((await h.store.history(s, 2)).map((p) => p.allowed + p.denied)).toEqual([0, 0]);
    }));

  test("held units take room in the bucket without draining, and join its fill when spent", () =>
    withStore(async (h) => {
      const s = fresh();
      const limits = spec({ capacity: 10, perMinute: 60 });
      await h.setTime(at("2026-11-30T10:00:00.000Z"));
      const share = await h.store.take(s, limits, 1, { share: 5 });
      expect(share.taken).toBe(5);
      expect(await standing(h, s, limits)).toEqual({ burst: [4, 5] });
      // 5 s later the cost of 1 has drained; the 5 held have not, so no other server can fill the bucket past them.
      await h.setTime(at("2026-11-30T10:00:05.000Z"));
      expect(await standing(h, s, limits)).toEqual({ burst: [5, 5] });
      const others = [];
      for (let i = 0; i < 6; i++) others.push((await h.store.check(s, limits, 1)).allowed);
      expect(others).toEqual([true, true, true, true, true, false]);
      // The server spent 3 of its 5 just now: they drain from now; the 2 it gives back free their room.
      await h.store.giveBack(s, limits, 2, { takenAtMs: share.nowMs, size: 5 });
      expect(await standing(h, s, limits)).toEqual({ burst: 2 });
    }));

  test("a take settles shares spent in full; a share never settled counts as spent when its lease ends", () =>
    withStore(async (h) => {
      const s = fresh();
      const limits = spec({ capacity: 20, perMinute: 60, day: 1000 });
      const start = at("2026-11-30T10:00:00.000Z");
      await h.setTime(start);
      await h.store.take(s, limits, 0, { share: 5 });
      const settled = await h.store.take(s, limits, 0, { share: 5, settle: 5 });
      expect(settled.taken).toBe(5);
      // The first 5 were spent: in the fill; the second 5 are held.
      expect(await standing(h, s, limits)).toEqual({ burst: [10, 5], day: [990, 5] });
      // Its server died: 2 s after the lease ends, its 5 count as spent then, drained by 2 since.
      await h.setTime(start + SHARE_LEASE_MS + 2000);
      expect(await standing(h, s, limits)).toEqual({ burst: 17, day: 990 });
    }));

  test("a denied take changes nothing: its lease is not renewed", () =>
    withStore(async (h) => {
      const s = fresh();
      const limits = spec({ capacity: 20, perMinute: 60, day: 12 });
      const start = at("2026-11-30T10:00:00.000Z");
      await h.setTime(start);
      expect((await h.store.take(s, limits, 1, { share: 5 })).taken).toBe(5);
      // 9 s on, a take the day has no room for: denied, and the 5 still held keep the lease of the first take.
      await h.setTime(start + 9000);
      const denied = await h.store.take(s, limits, 7, { share: 5 });
      expect([denied.allowed, denied.taken]).toEqual([false, 0]);
      // So 2 s after that lease ends its 5 count as spent then, drained by 2 since.
      await h.setTime(start + SHARE_LEASE_MS + 2000);
      expect(await standing(h, s, limits)).toEqual({ burst: 17, day: 6 });
    }));

  // Found by an audit: 3 servers holding shares of 100 on an hour of 300, a reset, then 600 checks: 497 allowed, the
  // servers' shares spent uncounted on top of the full limit.
  test("a reset carries the shares held: counted in the fresh windows, given back and settled after it as before", () =>
    withStore(async (h) => {
      const s = fresh();
      const limits = spec({ capacity: 50, perMinute: 60, day: 100 });
      await h.setTime(at("2026-11-30T10:00:00.000Z"));
      expect((await h.store.check(s, limits, 5)).allowed).toBe(true);
      const share = await h.store.take(s, limits, 0, { share: 10 });
      expect([share.taken, share.resets]).toEqual([10, 0]);
      await h.store.reset(s);
      // The 5 checked are gone; the 10 held are still held, and counted.
      expect(await standing(h, s, limits)).toEqual({ burst: [40, 10], day: [90, 10] });
      // Three checks after the reset; the share's server spends 4 of it and gives the other 6 back: 7 counted.
      for (let i = 0; i < 3; i++) expect((await h.store.check(s, limits, 1)).allowed).toBe(true);
      await h.store.giveBack(s, limits, 6, { takenAtMs: share.nowMs, size: 10, resets: share.resets });
      expect(await standing(h, s, limits)).toEqual({ burst: 43, day: 93 });
      // A share taken after it, settled in full at the next take: as ever.
      const after = await h.store.take(s, limits, 0, { share: 10 });
      expect(after.resets).toBe(1);
      await h.store.take(s, limits, 0, { share: 1, settle: 10, resets: after.resets });
      expect(await standing(h, s, limits)).toEqual({ burst: [32, 1], day: [82, 1] });
    }));

  test("checks allowed from a share reach the history and the day's totals, their units as they are spent", () =>
    withStore(async (h) => {
      const s = fresh();
      const limits = spec({ day: 1000 });
      await h.setTime(at("2026-11-30T10:00:30.000Z"));
      await h.store.take(s, limits, 1, { share: 50 });
      // The share is held, not yet spent: no check's units.
      expect((await h.store.daily(s, 1))[0]).toMatchObject({ allowed: 1, denied: 0, units: 1 });
      await h.store.recordChecks(s, { allowed: 50, denied: 2 });
      expect((await h.store.history(s, 1))[0]).toMatchObject({ allowed: 51, denied: 2 });
      expect((await h.store.daily(s, 1))[0]).toMatchObject({ allowed: 51, denied: 2, units: 51 });
      // Checks of other costs spent from a share: their units as recorded.
      await h.store.take(s, limits, 4, { share: 40 });
      await h.store.recordChecks(s, { allowed: 3, denied: 0, units: 30 });
      expect((await h.store.daily(s, 1))[0]).toMatchObject({ allowed: 55, denied: 2, units: 85 });
    }));
}
