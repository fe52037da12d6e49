// The burst simulator against the memory store it mirrors, request for request, and against totals worked out by hand
// for three shapes of plan: a bucket alone, a bucket with an hourly cap, and day and month windows that deny.
import { describe, expect, test } from "vitest";
import { type Limits, noLimits } from "../domain/limit-kinds";
import { limitSpec } from "./limits";
import { countDenial, MAX_REQUESTS, SIMULATION_START_MS, type Simulation, simulate, type Traffic } from "./simulate";
import { createMemoryStore } from "./stores/memory-store";

/** The example: 200 requests in 10 s, then a steady 2 a second for an hour (7,200). */
const BURST_THEN_STEADY: Traffic = [
  { requests: 200, overSeconds: 10 },
  { requests: 7200, overSeconds: 3600 },
];

const limitsOf = (set: Partial<Limits>): Limits => ({ ...noLimits(), ...set });

/** The same traffic written out here, apart from the simulator: each phase's requests at even steps, in whole ms. */
function requestTimes(traffic: Traffic, startMs: number): number[] {
  const times: number[] = [];
  let phaseStart = startMs;
  for (const { requests, overSeconds } of traffic) {
    const stepMs = (overSeconds * 1000) / requests;
    for (let i = 0; i < requests; i++) times.push(phaseStart + Math.floor(i * stepMs));
    phaseStart += overSeconds * 1000;
  }
  return times;
}

/**
 * A real memory store, its clock moved to each request's time, checked once per request; its decisions counted in
 * the simulation's periods, and its own per-minute history read back.
 */
async function throughMemoryStore(limits: Limits, traffic: Traffic, startMs: number, sim: Simulation) {
  let now = startMs;
  const store = createMemoryStore({ now: () => now, schedule: () => () => {} });
  const spec = limitSpec(limits);
  const periods = sim.periods.map(() => ({ allowed: 0, denied: sim.limits.map(() => 0) }));
  const times = requestTimes(traffic, startMs);
  for (const t of times) {
    now = t;
    const decision = await store.check("customer", spec, 1);
    const period = periods[Math.floor((t - startMs) / sim.periodMs)];
    if (!period) throw new Error(`request at ${t - startMs} ms falls outside the simulated periods`);
    if (decision.allowed) period.allowed++;
    else countDenial(period.denied, decision);
  }
  const minutes = Math.floor(((times.at(-1) ?? startMs) - startMs) / 60_000) + 1;
  const history = await store.history("customer", minutes);
  await store.close();
  return { periods, history: history.map(({ allowed, denied }) => ({ allowed, denied })) };
}

/** The simulation's periods added up per minute, to compare with the store's own history. */
function perMinute(sim: Simulation) {
  expect(60_000 % sim.periodMs).toBe(0);
  const minutes: { allowed: number; denied: number }[] = [];
  for (const p of sim.periods) {
    const m = Math.floor(p.offsetMs / 60_000);
    minutes[m] ??= { allowed: 0, denied: 0 };
    minutes[m].allowed += p.allowed;
    minutes[m].denied += p.denied.reduce((a, b) => a + b, 0);
  }
  return minutes;
}

/** The simulation agrees with the memory store in every period, by limit, and with the store's per-minute history. */
async function expectSameAsMemoryStore(limits: Limits, traffic: Traffic, startMs: number, sim: Simulation) {
  const store = await throughMemoryStore(limits, traffic, startMs, sim);
  expect(sim.periods.map(({ allowed, denied }) => ({ allowed, denied }))).toEqual(store.periods);
  expect(perMinute(sim).slice(0, store.history.length)).toEqual(store.history);
}

/** A period's numbers as `{ allowed, denied: { <limit>: n } }`, to read against a hand count. */
function periodAt(sim: Simulation, offsetMs: number) {
  const p = sim.periods[Math.floor(offsetMs / sim.periodMs)];
  if (!p) throw new Error(`no period at ${offsetMs} ms`);
  return { allowed: p.allowed, denied: Object.fromEntries(sim.limits.map((name, k) => [name, p.denied[k]])) };
}

describe("simulate", () => {
  test("(a) per minute alone: a bucket of 60 draining one a second takes 60 at once, then one a second", async () => {
    const limits = limitsOf({ perMinute: 60 });
    const sim = simulate(limits, BURST_THEN_STEADY);
    expect(sim.limits).toEqual(["burst"]);
    // The burst's requests come every 50 ms. The bucket holds 60 and has drained t/1000 by time t, so by the burst's
    // last request (9,950 ms) it has let through 60 + floor(9.95) = 69 of the 200. The steady 2 a second is twice
    // what drains: the bucket stays full and lets through one a second, so by the last request (3,609,500 ms)
    // 60 + floor(3,609.5) = 3,669 of the 7,400 are allowed and 3,731 denied, every one by the bucket.
    expect(sim.allowed).toBe(3669);
    expect(sim.denied).toEqual([3731]);
    expect(sim.simulated).toBe(7400);
    // 3,610 s cut into at most 360 periods: 10 s would make 361, so 15 s.
    expect(sim.periodMs).toBe(15_000);
    expect(sim.periods).toHaveLength(241);
    // The first 15 s: the 200 of the burst and 10 steady ones; 60 + floor(14.5) = 74 allowed.
    expect(periodAt(sim, 0)).toEqual({ allowed: 74, denied: { burst: 136 } });
    // Steady state: 30 requests a period, one a second let through.
    expect(periodAt(sim, 600_000)).toEqual({ allowed: 15, denied: { burst: 15 } });
    await expectSameAsMemoryStore(limits, BURST_THEN_STEADY, SIMULATION_START_MS, sim);
  });

  test("(b) burst 20, 60 a minute, 500 an hour: the bucket denies the burst, the hour the rest until it ends", async () => {
    const limits = limitsOf({ burst: 20, perMinute: 60, perHour: 500 });
    const sim = simulate(limits, BURST_THEN_STEADY);
    expect(sim.limits).toEqual(["burst", "hour"]);
    // Burst: the bucket of 20 lets through 20 + floor(9.95) = 29 of 200; 171 denied by it.
    // Steady: one a second passes the bucket (at 10 s, 11 s, …), so the hour's 500th (29 + 471) is let through at
    // 480 s; of the 941 requests from 10 s to 480 s, 471 are allowed and the 470 on the half second meet a full
    // bucket. At 480.5 s the bucket is still full (burst denies once more); from 481 s it fits again and the hour
    // denies every request to the end of the hour: (3,599.5 − 481) × 2 + 1 = 6,238. At 3,600 s a new hour starts
    // with an empty bucket (drained long since): the last 20 requests, 2 a second, are all allowed.
    // Allowed 29 + 471 + 20 = 520; denied by the bucket 171 + 470 + 1 = 642, by the hour 6,238. 7,400 in all.
    expect(sim.allowed).toBe(520);
    expect(sim.denied).toEqual([642, 6238]);
    expect(periodAt(sim, 480_000)).toEqual({ allowed: 1, denied: { burst: 1, hour: 28 } });
    expect(periodAt(sim, 3_600_000)).toEqual({ allowed: 20, denied: { burst: 0, hour: 0 } });
    await expectSameAsMemoryStore(limits, BURST_THEN_STEADY, SIMULATION_START_MS, sim);
  });

  test("(c) 3,000 a day and 4,000 a month: the day denies until midnight, then the month", async () => {
    const limits = limitsOf({ perMinute: 600, perDay: 3000, perMonth: 4000 });
    // From 23:00Z on 1 January: the burst, then 2 a second for two hours, across midnight into 2 January.
    const startMs = Date.UTC(2024, 0, 1, 23);
    const traffic: Traffic = [
      { requests: 200, overSeconds: 10 },
      { requests: 14_400, overSeconds: 7200 },
    ];
    const sim = simulate(limits, traffic, startMs);
    // The hour is counted but has no limit, so it is not reported and never denies.
    expect(sim.limits).toEqual(["burst", "day", "month"]);
    // A bucket of 600 draining 10 a second never fills at these rates. Before midnight (3,600 s) come the burst's
    // 200 and the steady ones at 10 s + 0.5 s × i for i < 7,180: 7,380, of which the day allows 3,000 and denies
    // 4,380. After midnight the day starts again, but the month has 1,000 left: of the other 7,220, 1,000 are
    // allowed and 6,220 denied by the month.
    expect(sim.allowed).toBe(4000);
    expect(sim.denied).toEqual([0, 4380, 6220]);
    // 7,210 s in 30 s periods. The month fills with the 1,000th request after midnight, at 3,600 s + 499.5 s:
    // of the 60 requests of the period from 4,080 s, the 40 before 4,100 s are allowed.
    expect(sim.periodMs).toBe(30_000);
    expect(periodAt(sim, 3_600_000)).toEqual({ allowed: 60, denied: { burst: 0, day: 0, month: 0 } });
    expect(periodAt(sim, 4_080_000)).toEqual({ allowed: 40, denied: { burst: 0, day: 0, month: 20 } });
    await expectSameAsMemoryStore(limits, traffic, startMs, sim);
  });

  test("traffic of more than MAX_REQUESTS is decided up to the cap, and the chart ends there", () => {
    const traffic: Traffic = [{ requests: 300_000, overSeconds: 300 }];
    const sim = simulate(limitsOf({ perMinute: 60 }), traffic);
    expect(sim.described).toBe(300_000);
    expect(sim.simulated).toBe(MAX_REQUESTS);
    expect(sim.allowed + sim.denied.reduce((a, b) => a + b, 0)).toBe(MAX_REQUESTS);
    // 1,000 a second: the 200,000th request is made at 199.999 s.
    expect(sim.durationMs).toBe(200_000);
  });
});

test("requests in flight are not simulated: a plan's concurrent limit neither shows nor denies", () => {
  const sim = simulate({ ...noLimits(), perMinute: 60, concurrent: 1 }, BURST_THEN_STEADY);
  expect(sim.limits).toEqual(["burst"]);
});
