// Leases behind the limiter's door (contract section 14): what the deny cache, local shares and each fail mode do
// with them, on servers in one process sharing a memory store that the test takes down.
import { describe, expect, test } from "vitest";
import { type Limits, noLimits } from "../domain/limit-kinds";
import type { CheckResult } from "./decision";
import { leaseOf } from "./lease-id";
import { type FailMode, quotaPolicy } from "./limits";
import { fleet } from "./testing/fleet";

const policy = (limits: Partial<Limits>, failMode: FailMode = "open", localShare: number | null = null) =>
  quotaPolicy({ ...noLimits(), ...limits }, {}, null, localShare, failMode);

const leaseIn = (result: CheckResult | undefined) => {
  if (!result || result.outcome === "store_unavailable" || !result.lease) throw new Error("the check took no lease");
  const lease = leaseOf(result.lease.id);
  if (!lease) throw new Error(`not a lease id: ${result.lease.id}`);
  return lease;
};

describe("leases behind the limiter", () => {
  test("a denial for want of a free lease is not remembered: a release lets the next check through at once", async () => {
    const f = fleet(1);
    const [server] = f.limiters;
    const plan = policy({ concurrent: 1, perDay: 100 });
    const first = await server?.check("acme", plan, 1);
    expect((await server?.check("acme", plan, 1))?.allowed).toBe(false);
    expect(await server?.release(leaseIn(first), plan)).not.toBeNull();
    expect((await server?.check("acme", plan, 1))?.allowed).toBe(true);
  });

  test("a plan with a local share: checks that take a lease all go to the store, so the limit holds across servers", async () => {
    const f = fleet(2, { localShares: true });
    const plan = policy({ concurrent: 3, perDay: 1000 }, "open", 50);
    const allowed: boolean[] = [];
    for (let i = 0; i < 6; i++) allowed.push((await f.limiters[i % 2]?.check("acme", plan, 1))?.allowed ?? false);
    expect(allowed).toEqual([true, true, true, false, false, false]);
    // Nothing was taken as a share: the day counts the three checks alone.
    const day = (await f.limiters[0]?.usage("acme", plan))?.find((l) => l.name === "day");
    expect(day?.remaining).toBe(997);
  });

  // Found by an audit: Redis stalled 0.3 s, a check the server gave up on (answered by its fail mode, with no lease)
  // ran when Redis came back and took a lease no one knew of: concurrent 1 was full for the lease's 600 s.
  test.each(["open", "closed"] as const)(
    "fail %s: a lease the store took for a check it did not answer in time is released",
    async (failMode) => {
      const f = fleet(1);
      const plan = policy({ concurrent: 1, perDay: 100 }, failMode);
      f.setAnswersLost(true);
      const lost = await f.limiters[0]?.check("acme", plan, 1, undefined, { ttlMs: 600_000, reserve: false });
      expect(lost?.outcome).toBe(failMode === "open" ? "degraded" : "store_unavailable");
      f.setAnswersLost(false);
      // Released at once, or, its answer lost too, at the next second's background work.
      await f.tick();
      const concurrent = (await f.limiters[0]?.usage("acme", plan))?.find((l) => l.name === "concurrent");
      expect(concurrent?.remaining).toBe(1);
      expect((await f.limiters[0]?.check("acme", plan, 1))?.allowed).toBe(true);
    },
  );

  test("failing open, a check while the store is down is let through, degraded, with no lease", async () => {
    const f = fleet(1);
    f.setDown(true);
    const result = await f.limiters[0]?.check("acme", policy({ concurrent: 1 }), 1, undefined, {
      ttlMs: 60_000,
      reserve: true,
    });
    expect(result).toMatchObject({ outcome: "degraded", allowed: true });
    expect(result?.outcome !== "store_unavailable" && result?.lease).toBeUndefined();
  });

  test("failing local, each server holds its share of the leases on its own; a release reaches only the server that took it", async () => {
    const f = fleet(2);
    const plan = policy({ concurrent: 4, perDay: 1000 }, "local");
    await f.tick();
    await f.tick();
    const [a, b] = f.limiters;
    expect((await a?.check("acme", plan, 1))?.allowed).toBe(true);
    expect((await b?.check("acme", plan, 1))?.allowed).toBe(true);
    f.setDown(true);
    // 4 at most, 2 held in the store when it went down (none can be released meanwhile): each server holds 1 more on
    // its own, a half of what its last answer left (3 and 2), rounded down.
    const onA = [await a?.check("acme", plan, 1), await a?.check("acme", plan, 1)];
    expect(onA.map((r) => r?.allowed)).toEqual([true, false]);
    expect(onA.every((r) => r?.outcome !== "store_unavailable" && r?.degraded)).toBe(true);
    const mine = leaseIn(onA[0]);
    expect(mine.local).toBe(true);
    const onB = await b?.check("acme", plan, 1);
    expect(onB?.allowed).toBe(true);
    expect((await b?.check("acme", plan, 1))?.allowed).toBe(false);
    expect(await b?.release(mine, plan)).toBeNull();
    expect(await a?.release(mine, plan)).not.toBeNull();
    expect(await a?.release(mine, plan)).toBeNull();
    expect((await a?.check("acme", plan, 1))?.allowed).toBe(true);
    // A reservation taken while the store was down keeps its reserved cost: it cannot be settled.
    expect(await b?.release(leaseIn(onB), plan)).not.toBeNull();
    const reserved = await b?.check("acme", plan, 5, undefined, { ttlMs: 60_000, reserve: true });
    expect(await b?.settle(leaseIn(reserved), plan, 1)).toBeNull();
  });

  test("failing local, a lease released before the store stopped is not taken as held by it", async () => {
    const f = fleet(1);
    const plan = policy({ concurrent: 3, perDay: 1000 }, "local");
    await f.tick();
    await f.tick();
    const [limiter] = f.limiters;
    const taken = await limiter?.check("acme", plan, 1);
    expect(await limiter?.release(leaseIn(taken), plan)).not.toBeNull();
    f.setDown(true);
    const during = [];
    for (let i = 0; i < 4; i++) during.push((await limiter?.check("acme", plan, 1))?.allowed);
    expect(during).toEqual([true, true, true, false]);
  });

  test("failing local, a server's share of requests in flight is never more than the limit shared: 1 by 2 servers is none", async () => {
    const f = fleet(2);
    const plan = policy({ concurrent: 1, perDay: 1000 }, "local");
    await f.tick();
    await f.tick();
    const released = await f.limiters[0]?.check("acme", plan, 1);
    expect(await f.limiters[0]?.release(leaseIn(released), plan)).not.toBeNull();
    expect((await f.limiters[1]?.check("acme", plan, 1))?.allowed).toBe(true);
    f.setDown(true);
    for (const limiter of f.limiters) expect(await limiter.check("acme", plan, 1)).toMatchObject({ allowed: false });
  });

  test("a reserving check takes a lease with no concurrent limit, and its settle gives back to the store", async () => {
    const f = fleet(1);
    const plan = policy({ perDay: 10_000 });
    const reserved = await f.limiters[0]?.check("acme", plan, 4000, undefined, { ttlMs: 120_000, reserve: true });
    const settled = await f.limiters[0]?.settle(leaseIn(reserved), plan, 1500);
    expect(settled?.limits.find((l) => l.name === "day")?.remaining).toBe(8500);
    // A check without reserve, on a plan without a concurrent limit, takes none.
    const plain = await f.limiters[0]?.check("acme", plan, 1);
    expect(plain?.outcome !== "store_unavailable" && plain?.lease).toBeUndefined();
  });

  test("a denial while reservations may still settle is remembered briefly: another server's settle lets the next check through", async () => {
    const f = fleet(2);
    const [a, b] = f.limiters;
    const plan = policy({ perDay: 10_000 });
    const reserved = await a?.check("acme", plan, 10_000, undefined, { ttlMs: 120_000, reserve: true });
    // B is denied until the day ends, as far as the counts say now.
    const denied = await b?.check("acme", plan, 1);
    expect(denied?.allowed).toBe(false);
    expect(await a?.settle(leaseIn(reserved), plan, 1000)).not.toBeNull();
    await f.tick(2000);
    expect((await b?.check("acme", plan, 1))?.allowed).toBe(true);
  });
});
