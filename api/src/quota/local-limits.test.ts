// A plan failing "local", three servers in one process on one memory store that the test takes down and brings back,
// on a clock the test moves: each server keeps to its share while the store is down, and what they allowed is in the
// store's counts once it is back.
import { describe, expect, test } from "vitest";
import type { Limits } from "../domain/limit-kinds";
import { type QuotaPolicy, quotaPolicy } from "./limits";
import { RETURN_WAIT_MS, SETTLE_GRACE_MS, STORE_BACK_MS } from "./local-limits";
import { fleet } from "./testing/fleet";

const none: Limits = {
  burst: null,
  perMinute: null,
  perHour: null,
  perDay: null,
  perWeek: null,
  perMonth: null,
  concurrent: null,
};

const local = (limits: Partial<Limits>): QuotaPolicy => quotaPolicy({ ...none, ...limits }, {}, null, null, "local");

describe("a plan failing local, three servers on one store", () => {
  test("300 a day with 60 used: 900 checks while the store is down allow each server 80 at most, and the store counts every one after", async () => {
    const f = fleet(3);
    const policy = local({ perDay: 300 });
    // Every server counted the three of them, and saw the customer's counters last after the 60th check.
    await f.tick();
    await f.tick();
    for (let i = 0; i < 60; i++) expect((await f.limiters[i % 3]?.check("acme", policy, 1))?.allowed).toBe(true);
    f.setDown(true);
    const allowed = [0, 0, 0];
    for (let i = 0; i < 900; i++) {
      const server = i % 3;
      const result = await f.limiters[server]?.check("acme", policy, 1);
      if (result?.outcome === "store_unavailable") throw new Error("a server with a count answered without a share");
      expect(result?.degraded).toBe(true);
      if (result?.allowed) allowed[server] = (allowed[server] ?? 0) + 1;
      else if (result) expect(result.limits.find((l) => l.name === "day")?.remaining).toBe(0);
      if (i % 90 === 0) await f.tick(100);
    }
    const total = allowed.reduce((a, b) => a + b, 0);
    // Each saw 240 or 241 left (its last answer before the others' last checks): 80 each, no more.
    for (const n of allowed) expect(n).toBeLessThanOrEqual(80);
    expect(total).toBeLessThanOrEqual(240);
    expect(total).toBeGreaterThan(120);

    f.setDown(false);
    await f.tick();
    const usage = await f.memory.usage("acme", policy.spec);
    expect(usage.limits.find((l) => l.name === "day")?.remaining).toBe(300 - 60 - total);
    expect((await f.memory.daily("acme", 1))[0]).toMatchObject({ allowed: 60 + total, denied: 900 - total });
    // Nothing is added twice: another round of background work owes nothing.
    await f.tick();
    expect((await f.memory.usage("acme", policy.spec)).limits.find((l) => l.name === "day")?.remaining).toBe(
      300 - 60 - total,
    );
  });

  test("with local shares, a server limits during an outage from the store's latest answer, a share taken ahead included", async () => {
    const f = fleet(1, { localShares: true });
    const policy = quotaPolicy({ ...none, perDay: 300 }, {}, null, 20, "local");
    await f.tick();
    await f.tick();
    // 200 checks, most spent from shares asked for ahead of them (no check waits on those takes).
    for (let i = 0; i < 200; i++) {
      expect((await f.limiters[0]?.check("acme", policy, 1))?.allowed).toBe(true);
      await new Promise((r) => setTimeout(r, 0));
    }
    f.setDown(true);
    let allowed = 200;
    for (let i = 0; i < 300; i++) if ((await f.limiters[0]?.check("acme", policy, 1))?.allowed) allowed++;
    // Limiting from its first take's answer instead (280 left), it allowed 491 in all.
    expect(allowed).toBeLessThanOrEqual(300);
    expect(allowed).toBeGreaterThan(280);
  });

  test("a customer's next check after the outage is counted by the store on top of what was allowed meanwhile", async () => {
    const f = fleet(2);
    const policy = local({ perDay: 10 });
    await f.tick();
    await f.tick();
    await f.limiters[0]?.check("acme", policy, 1);
    f.setDown(true);
    // 9 left, 4 each.
    const during = [];
    for (let i = 0; i < 6; i++) during.push((await f.limiters[0]?.check("acme", policy, 1))?.allowed);
    expect(during).toEqual([true, true, true, true, false, false]);
    f.setDown(false);
    // Until the servers have learnt that the store is back and the grace has passed, checks stay here.
    expect(await f.limiters[0]?.check("acme", policy, 1)).toMatchObject({ outcome: "denied", degraded: true });
    await f.tick();
    expect((await f.memory.usage("acme", policy.spec)).limits[0]?.remaining).toBe(10 - 1 - 4);
    expect(await f.limiters[0]?.check("acme", policy, 1)).toMatchObject({ outcome: "denied", degraded: true });
    // The other server said it is there after this one's tick: this one learns at its next that both are back.
    await f.tick();
    await f.tick(SETTLE_GRACE_MS);
    // Then the store decides, on top of what was allowed meanwhile: 10 - 1 - 4 - 1 left.
    const next = await f.limiters[0]?.check("acme", policy, 1);
    expect(next).toMatchObject({ outcome: "allowed", degraded: false });
    if (next?.outcome === "store_unavailable") throw new Error("the store is back");
    expect(next?.limits.find((l) => l.name === "day")?.remaining).toBe(4);
    expect((await f.memory.daily("acme", 1))[0]).toMatchObject({ allowed: 6, denied: 4 });
  });

  /** Two servers on a day of 10 that each checked once, then 10 checks while the store is down: all 10 allowed. */
  async function twoThroughAnOutage() {
    const f = fleet(2);
    const policy = local({ perDay: 10 });
    await f.tick();
    await f.tick();
    await f.limiters[0]?.check("acme", policy, 1);
    await f.limiters[1]?.check("acme", policy, 1);
    f.setDown(true);
    // 9 and 8 left as each last saw it: 4 each.
    let allowed = 2;
    for (let i = 0; i < 10; i++) if ((await f.limiters[i % 2]?.check("acme", policy, 1))?.allowed) allowed++;
    expect(allowed).toBe(10);
    return { f, policy, allowed };
  }

  test("no check is counted by the store before every server has added what it allowed during the outage", async () => {
    const { f, policy } = await twoThroughAnOutage();
    let allowed = 10;
    f.setDown(false);
    // The first server back would find only its own 4 in the store and allow more, were it not to wait.
    for (let i = 0; i < 5; i++) if ((await f.limiters[0]?.check("acme", policy, 1))?.allowed) allowed++;
    await f.tick();
    for (let i = 0; i < 5; i++) if ((await f.limiters[0]?.check("acme", policy, 1))?.allowed) allowed++;
    await f.tick(SETTLE_GRACE_MS);
    for (let i = 0; i < 5; i++) if ((await f.limiters[i % 2]?.check("acme", policy, 1))?.allowed) allowed++;
    expect(allowed).toBe(10);
    expect((await f.memory.usage("acme", policy.spec)).limits[0]?.remaining).toBe(0);
  });

  // Found on a Cluster: a server whose connection came back seconds after the others' went on allowing from its share
  // while the others, their grace over, let the store decide on counts that lacked what it had allowed (603 of 600).
  test("a server back on the store goes on by its share while another that shared it has not come back", async () => {
    const { f, policy } = await twoThroughAnOutage();
    let allowed = 10;
    // The store is back for the first server only; the second still cannot reach it, for longer than the grace.
    f.setCutOff(1, true);
    f.setDown(false);
    for (let t = 0; t < 4; t++) {
      await f.tick(SETTLE_GRACE_MS / 2);
      for (let i = 0; i < 3; i++) if ((await f.limiters[0]?.check("acme", policy, 1))?.allowed) allowed++;
    }
    // Its share spent, the first server denies; the second has what it allowed still to add.
    expect(allowed).toBe(10);
    expect((await f.memory.usage("acme", policy.spec)).limits[0]?.remaining).toBe(4);
    f.setCutOff(1, false);
    await f.tick();
    await f.tick(SETTLE_GRACE_MS);
    for (let i = 0; i < 4; i++) if ((await f.limiters[i % 2]?.check("acme", policy, 1))?.allowed) allowed++;
    expect(allowed).toBe(10);
    expect((await f.memory.usage("acme", policy.spec)).limits[0]?.remaining).toBe(0);
  });

  test("one that never comes back (killed) keeps the others by their shares no longer than RETURN_WAIT_MS", async () => {
    const f = fleet(2);
    const policy = local({ perDay: 10 });
    await f.tick();
    await f.tick();
    f.setDown(true);
    expect(await f.limiters[0]?.check("acme", policy, 1)).toMatchObject({ outcome: "degraded", degraded: true });
    f.setCutOff(1, true);
    f.setDown(false);
    await f.tick();
    await f.tick(RETURN_WAIT_MS - 1000);
    expect(await f.limiters[0]?.check("acme", policy, 1)).toMatchObject({ degraded: true });
    await f.tick(1000);
    await f.tick(SETTLE_GRACE_MS);
    const next = await f.limiters[0]?.check("acme", policy, 1);
    expect(next).toMatchObject({ outcome: "allowed", degraded: false });
    if (next?.outcome === "store_unavailable") throw new Error("the store is back");
    expect(next?.limits[0]?.remaining).toBe(10 - 3);
  });

  // Found by an audit under steady load: a customer checked here during an outage's grace was still owed when the grace
  // ended, so its local counters outlived the outage, and the next outage went on from them: each server allowed its
  // first outage's leftover share (69 of 472/3) where 22 were left over all (773 of a day of 600).
  test("a later outage starts from the store's latest answer, not from what an earlier outage left here", async () => {
    const f = fleet(2);
    const policy = local({ perDay: 100 });
    await f.tick();
    await f.tick();
    for (let i = 0; i < 40; i++) expect((await f.limiters[i % 2]?.check("acme", policy, 1))?.allowed).toBe(true);
    f.setDown(true);
    // 60 left: 30 each. This server allows 5 of its 30.
    for (let i = 0; i < 5; i++)
      expect(await f.limiters[0]?.check("acme", policy, 1)).toMatchObject({ outcome: "degraded" });
    f.setDown(false);
    // Back, and (at the next tick) the other server said so since: the grace runs.
    await f.tick();
    await f.tick();
    // In the grace, one more by its share, still owed when the grace ends.
    expect(await f.limiters[0]?.check("acme", policy, 1)).toMatchObject({ outcome: "degraded" });
    f.advance(SETTLE_GRACE_MS);
    for (let i = 0; i < 45; i++) {
      expect(await f.limiters[i % 2]?.check("acme", policy, 1)).toMatchObject({ outcome: "allowed", degraded: false });
    }
    expect((await f.memory.usage("acme", policy.spec)).limits[0]?.remaining).toBe(100 - 40 - 6 - 45);
    f.setDown(true);
    // 9 left: 4 each, whatever the first outage left of this server's 30.
    let allowed = 0;
    for (let i = 0; i < 30; i++) if ((await f.limiters[0]?.check("acme", policy, 1))?.allowed) allowed++;
    expect(allowed).toBe(4);
  });

  // Found by an audit on a Redis Cluster: with one master stalled, the others (and the presence) answered, so each
  // outage ended after its grace and the stalled customer's next check began another, from the same last answer: a
  // fresh share every 3 s (720 allowed in 10 s of 240 left, and more the longer the stall).
  test("a customer whose calls still fail while the store answers the rest keeps to what its share left, outage after outage", async () => {
    const f = fleet(2, { cluster: true });
    const policy = local({ perHour: 300 });
    await f.tick();
    await f.tick();
    for (let i = 0; i < 60; i++) expect((await f.limiters[i % 2]?.check("acme", policy, 1))?.allowed).toBe(true);
    // acme's master stalls for 30 s; every other call answers, another customer's checks included.
    f.setSubjectDown("acme", true);
    let allowed = 0;
    for (let second = 0; second < 30; second++) {
      for (let i = 0; i < 20; i++) {
        const result = await f.limiters[i % 2]?.check("acme", policy, 1);
        expect(result?.outcome).not.toBe("store_unavailable");
        if (result?.allowed) allowed++;
      }
      await f.limiters[second % 2]?.check("globex", policy, 1);
      await f.tick();
    }
    // 240 left when it stalled: 120 a server, over all the outages.
    expect(allowed).toBe(240);
    f.setSubjectDown("acme", false);
    await f.tick();
    await f.tick(SETTLE_GRACE_MS);
    await f.tick();
    expect((await f.memory.usage("acme", policy.spec)).limits[0]?.remaining).toBe(0);
    expect((await f.memory.daily("acme", 1))[0]?.allowed).toBe(300);
  });

  // Found in CI on a Redis Cluster (355 allowed of a day of 300): with the customer's master stalled, the presence (on
  // another master) answered, so each server's outage ended after its grace; when the master came back, a server not
  // holding any more let the store decide on counts that lacked what another had allowed by its share and still owed.
  // And a server that called no customer of the stalled master saw no call fail at all, nor any outage.
  test.each([
    ["allowed some of its share meanwhile", 5],
    ["never called the stalled master", 0],
  ])(
    "a customer's master back on a Cluster: no check of it is counted by the store before every server has added what it allowed (the first server %s)",
    async (_, firstAllows) => {
      const f = fleet(2, { cluster: true });
      const policy = local({ perDay: 100 });
      await f.tick();
      await f.tick();
      for (let i = 0; i < 40; i++) expect((await f.limiters[i % 2]?.check("acme", policy, 1))?.allowed).toBe(true);
      // 60 left when acme's master stalls: 30 a server. The second spends its share.
      f.setSubjectDown("acme", true);
      let allowed = 40;
      for (let i = 0; i < 40; i++) if ((await f.limiters[1]?.check("acme", policy, 1))?.allowed) allowed++;
      for (let i = 0; i < firstAllows; i++) if ((await f.limiters[0]?.check("acme", policy, 1))?.allowed) allowed++;
      expect(allowed).toBe(40 + 30 + firstAllows);
      // Longer than a tick and the grace after it, every other call answering.
      for (let t = 0; t < 6; t++) {
        expect((await f.limiters[t % 2]?.check("globex", policy, 1))?.allowed).toBe(true);
        await f.tick();
      }
      f.setSubjectDown("acme", false);
      // Back before the second server's next tick: what it allowed is not in the store's counts yet.
      for (let i = 0; i < 60; i++) if ((await f.limiters[0]?.check("acme", policy, 1))?.allowed) allowed++;
      await f.tick();
      await f.tick();
      await f.tick(SETTLE_GRACE_MS);
      for (let i = 0; i < 10; i++) if ((await f.limiters[i % 2]?.check("acme", policy, 1))?.allowed) allowed++;
      expect(allowed).toBe(100);
      expect((await f.memory.usage("acme", policy.spec)).limits[0]?.remaining).toBe(0);
    },
  );

  test("an alert threshold that what the servers allowed reaches once added back is raised, once, for its plan", async () => {
    const f = fleet(2);
    const policy = quotaPolicy({ ...none, perDay: 100 }, {}, null, null, "local", false, [50, 80]);
    await f.tick();
    await f.tick();
    for (let i = 0; i < 20; i++) expect((await f.limiters[i % 2]?.check("acme", policy, 1))?.allowed).toBe(true);
    f.setDown(true);
    // 80 left: 40 each, all of them allowed here; none of their answers carries a threshold.
    for (let i = 0; i < 80; i++) {
      const result = await f.limiters[i % 2]?.check("acme", policy, 1);
      expect(result).toMatchObject({ outcome: "degraded", allowed: true });
      expect((result as { crossings?: unknown } | undefined)?.crossings).toBeUndefined();
    }
    f.setDown(false);
    await f.tick();
    await f.tick();
    expect((await f.memory.usage("acme", policy.spec)).limits[0]?.remaining).toBe(0);
    // The first server's add took the day past 50 (20 + 40), the second's past 80: each raised what it reached.
    expect(f.raised.map(({ limit, threshold, policy: p }) => [limit, threshold, p === policy])).toEqual([
      ["day", 50, true],
      ["day", 80, true],
    ]);
    await f.tick();
    expect(f.raised).toHaveLength(2);
  });

  test("the bucket: each server's share of it, refilling at its share of perMinute", async () => {
    const f = fleet(2);
    // 20 at once, 60 a minute: 10 each, one every two seconds each.
    const policy = local({ burst: 20, perMinute: 60 });
    await f.tick();
    await f.tick();
    await f.limiters[0]?.check("acme", policy, 1);
    await f.limiters[1]?.check("acme", policy, 1);
    f.setDown(true);
    let allowed = 0;
    for (let i = 0; i < 30; i++) if ((await f.limiters[0]?.check("acme", policy, 1))?.allowed) allowed++;
    // 18 or 19 left when each last saw it: 9 each; a second later nothing more, two seconds later one more.
    expect(allowed).toBe(9);
    await f.tick(1000);
    expect((await f.limiters[0]?.check("acme", policy, 1))?.allowed).toBe(false);
    await f.tick(1000);
    expect((await f.limiters[0]?.check("acme", policy, 1))?.allowed).toBe(true);
    expect((await f.limiters[0]?.check("acme", policy, 1))?.allowed).toBe(false);
  });

  // Contract section 5: retryAfter is null only "when the request can never pass (its cost exceeds a limit's size)".
  test("a cost the limits hold but this server's share cannot waits for the store, not for ever (audit)", async () => {
    const f = fleet(2);
    const policy = local({ burst: 6, perMinute: 60, perHour: 100 });
    await f.tick();
    await f.tick();
    await f.limiters[0]?.check("acme", policy, 1);
    await f.tick(3000);
    f.setDown(true);
    // 3 of the bucket's 6 are this server's: a cost of 4 is denied while the store is down, and passes after.
    const decided = async (cost: number) => {
      const result = await f.limiters[0]?.check("acme", policy, cost);
      if (!result || result.outcome === "store_unavailable")
        throw new Error("a server with a count answered without a share");
      return result;
    };
    const denied = await decided(4);
    expect(denied).toMatchObject({ allowed: false, degraded: true, waitMs: STORE_BACK_MS });
    expect(denied.retryAfter).toBeGreaterThanOrEqual(STORE_BACK_MS / 1000);
    // More than the limits hold is still never.
    expect((await decided(7)).retryAfter).toBeNull();
    // Back: the next ticks count both servers there again, and the grace after that ends.
    f.setDown(false);
    await f.tick();
    await f.tick();
    await f.tick(SETTLE_GRACE_MS);
    expect((await f.limiters[0]?.check("acme", policy, 4))?.allowed).toBe(true);
  });

  test("a share spent waits until the store can decide again, not until the window ends; a limit spent in the store waits for its end (audit)", async () => {
    const f = fleet(3);
    const policy = local({ perDay: 300 });
    await f.tick();
    await f.tick();
    for (let i = 0; i < 3; i++) await f.limiters[i]?.check("acme", policy, 1);
    // Spent, as the first server last saw it: its last check was the 300th.
    for (let i = 0; i < 300; i++) await f.limiters[(i + 1) % 3]?.check("spent", policy, 1);
    f.setDown(true);
    let last: Awaited<ReturnType<(typeof f.limiters)[0]["check"]>> | undefined;
    for (let i = 0; i < 120 && last?.allowed !== false; i++) last = await f.limiters[0]?.check("acme", policy, 1);
    // Its share of the 297 left spent, with 197 left for the other servers or for the store once back.
    expect(last).toMatchObject({ allowed: false, degraded: true, waitMs: STORE_BACK_MS });
    const spent = await f.limiters[0]?.check("spent", policy, 1);
    if (!spent || spent.outcome === "store_unavailable")
      throw new Error("a server with a count answered without a share");
    const dayEnd = spent.limits.find((l) => l.name === "day")?.reset as number;
    expect(spent.waitMs).toBeGreaterThan(STORE_BACK_MS);
    expect(Math.ceil(((spent.waitMs as number) + spent.nowMs) / 1000)).toBe(dayEnd);
  });

  // Contract section 5: a plan failing local answers 200 or 429 decided by this server alone, whatever the server
  // knows. One that never counted the servers sharing the store (it started during the outage) is alone as far as
  // it knows; what others allowed meanwhile is what the bound calls allowed after its last answer, which it never had.
  test("a server that never counted the servers before the outage decides alone, on the whole limit, and the store counts it after", async () => {
    const f = fleet(1);
    const policy = local({ perDay: 300 });
    f.setDown(true);
    const answers = [];
    for (let i = 0; i < 301; i++) answers.push(await f.limiters[0]?.check("acme", policy, 1));
    expect(answers.filter((a) => a?.outcome === "degraded" && a.allowed && a.degraded)).toHaveLength(300);
    expect(answers[300]).toMatchObject({ outcome: "denied", allowed: false, degraded: true });
    f.setDown(false);
    await f.tick();
    const usage = await f.memory.usage("acme", policy.spec);
    expect(usage.limits.find((l) => l.name === "day")?.remaining).toBe(0);
  });

  test("a server thawed during the outage, its count of the servers older than a presence, shares among those it counted", async () => {
    const f = fleet(3);
    const policy = local({ perDay: 300 });
    await f.tick();
    await f.tick();
    // Frozen for a minute: no tick ran, and the store stopped answering meanwhile.
    await f.advance(60_000);
    f.setDown(true);
    let allowed = 0;
    for (let i = 0; i < 200; i++) if ((await f.limiters[0]?.check("acme", policy, 1))?.allowed) allowed++;
    expect(allowed).toBe(100);
  });

  test("open and closed plans answer as they always have", async () => {
    const f = fleet(1);
    await f.tick();
    f.setDown(true);
    const open = await f.limiters[0]?.check("acme", quotaPolicy({ ...none, perDay: 5 }), 1);
    expect(open).toMatchObject({ outcome: "degraded", allowed: true, degraded: true });
    const closed = await f.limiters[0]?.check("acme", quotaPolicy({ ...none, perDay: 5 }, {}, null, null, "closed"), 1);
    expect(closed).toEqual({ outcome: "store_unavailable", allowed: false });
  });

  test.each(["open", "closed", "local"] as const)(
    "fail %s: a local share held when the store stops answering is spent exactly, then the fail mode answers",
    async (failMode) => {
      const f = fleet(1, { localShares: true });
      await f.tick();
      const policy = quotaPolicy({ ...none, perDay: 100 }, {}, null, 10, failMode);
      // The first check takes 10 units besides its own, to spend here.
      expect(await f.limiters[0]?.check("acme", policy, 1)).toMatchObject({ outcome: "allowed", degraded: false });
      f.setDown(true);
      for (let i = 0; i < 10; i++) {
        expect(await f.limiters[0]?.check("acme", policy, 1)).toMatchObject({ outcome: "allowed", degraded: false });
      }
      const next = await f.limiters[0]?.check("acme", policy, 1);
      if (failMode === "closed") expect(next).toEqual({ outcome: "store_unavailable", allowed: false });
      else expect(next).toMatchObject({ allowed: true, degraded: true });
    },
  );
});
