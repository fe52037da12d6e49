// What leases cost Redis (contract section 14): the same checks of the same limits, on a plan without `concurrent` and
// on the same plan with it, sent through the Redis store to one redis-server, in interleaved rounds (as bench/alerts.ts
// does for alert thresholds). The concurrent limit is far above what the rounds hold, so no check is denied for want
// of a lease: the cost measured is that of taking and releasing leases, not of answering denials. Reported: Redis's
// own CPU per operation (INFO cpu) and the microseconds its scripts ran (INFO commandstats), for a check that takes a
// lease, for its release alone, for the pair (the lease released as soon as the check answers), and for a check that
// takes a lease while its customer holds more and more (none released), each as a ratio to a check of the plan
// without `concurrent`; and which commands inside the scripts took the time. Then, outside the timed rounds, what
// reaches Redis for a release: the commands the store sent (MONITOR) and the scripts started (INFO commandstats),
// releasing one at a time and 64 in flight.

import { loadavg } from "node:os";
import { Redis } from "ioredis";
import { startRedis } from "../api/dev/redis-server";
import type { LeaseAsk } from "../api/src/quota/counting";
import { newLeaseId } from "../api/src/quota/lease-id";
import { DEFAULT_LEASE_MS } from "../api/src/quota/limiter";
import type { LimitSpec } from "../api/src/quota/limits";
import type { CounterStore } from "../api/src/quota/store";
import { createRedisStore } from "../api/src/quota/stores/redis-store";
import { testSpec } from "../api/src/quota/testing/test-spec";
import type { Options } from "./options";
import {
  CALLED_BY_SCRIPTS,
  type CommandUsage,
  clientUsec,
  commandDelta,
  commandStats,
  monitorCommands,
  parseCommandUsage,
  parseRedisCpuUs,
  scriptCalls,
} from "./redis-commands";
import { median } from "./stats";

/** Customers of each plan; each pass of a round is one operation per customer. */
const CUSTOMERS = 1000;
/** Checks in flight at once, as many servers' batches would keep Redis busy. */
const IN_FLIGHT = 64;
/**
 * The plan's concurrent limit: far above the most leases one customer holds (one on the lease and pair sides, one
 * more each pass on the held side: 40 at the end of a round of 40,000), so that none is denied and a set of leases is
 * never full (the ZRANGEBYSCORE a full one costs for its reply is not measured: a denial is the rare case).
 */
const CONCURRENT = 1000;
/** The target: Redis CPU per check of the plan with `concurrent` ÷ without. */
export const LEASES_TARGET = 1.1;

/**
 * plain: checks of the plan without `concurrent`. lease: checks of the plan with it, each taking a lease, one per
 * customer a pass; release: the releases of those leases, after each pass. pair: a check that takes a lease and its
 * release as soon as it answers, one operation. held: checks that take leases not released in the round, so that a
 * customer holds one more each pass (up to 40), as when requests are slow or leases are left to expire.
 */
export const LEASES_SIDES = ["plain", "lease", "release", "pair", "held"] as const;
export type LeasesSide = (typeof LEASES_SIDES)[number];

export type LeasesRound = {
  side: LeasesSide;
  /** Checks, releases, or pairs. */
  operations: number;
  redisCpuUsPerOp: number;
  scriptUsPerOp: number;
  /**
   * The commands the scripts ran inside Redis (INFO commandstats counts each under its own name too): calls and µs
   * per operation, each command's own time only (the rest of a script's time is its Lua and the calls' way to Redis).
   */
  inside: Record<string, { calls: number; us: number }>;
};

/**
 * What reached Redis for some releases: the commands the store sent, by name (MONITOR), the scripts started (INFO
 * commandstats), and the calls those scripts made inside Redis (MONITOR's "lua" lines).
 */
export type CountedCommands = {
  clientCommands: number;
  byCommand: Record<string, number>;
  scriptCalls: number;
  luaCalls: number;
};

export type ReleaseCommands = {
  releases: number;
  /** Released one at a time, each awaited. */
  oneAtATime: CountedCommands;
  /** 64 in flight: the store merges the calls of one turn of the event loop. */
  inFlight: CountedCommands;
};

/** A side's medians over the rounds of its ratio to the plain checks of the same round. */
export type LeasesRatio = { redisCpu: number; scriptUs: number };

export type LeasesResults = {
  date: string;
  /** Operations of each side in a round. */
  operationsPerRound: number;
  customers: number;
  concurrent: number;
  leaseMs: number;
  loadAverage: { start: number; end: number };
  rounds: LeasesRound[];
  ratios: Record<Exclude<LeasesSide, "plain">, LeasesRatio>;
  /** The lease side's Redis CPU ratio: a check of the plan with `concurrent` ÷ one without. */
  redisCpuRatio: number;
  target: number;
  met: boolean;
  releaseCommands: ReleaseCommands;
};

const ask = (): LeaseAsk => ({ id: newLeaseId(false), ttlMs: DEFAULT_LEASE_MS, reserve: false });

/** `operations` runs of `one(i)`, IN_FLIGHT at a time. */
async function many(operations: number, one: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < operations) await one(next++);
    }),
  );
}

/** A check that had to be allowed was denied: the comparison would measure something else. */
function allowedOrThrow(d: { allowed: boolean }, what: string) {
  if (!d.allowed) throw new Error(`leases bench: ${what} was denied; the rounds must allow every check`);
}

type Held = { subject: string; id: string };

/** Checks that each take a lease, one per customer of `prefix`, IN_FLIGHT at a time: the leases they took. */
async function takeLeases(store: CounterStore, leased: LimitSpec, prefix: string, n: number): Promise<Held[]> {
  const held: Held[] = [];
  await many(n, async (i) => {
    const subject = `${prefix}-${i % CUSTOMERS}`;
    const lease = ask();
    allowedOrThrow(await store.check(subject, leased, 1, lease), "a check taking a lease");
    held.push({ subject, id: lease.id });
  });
  return held;
}

async function releaseAll(store: CounterStore, leased: LimitSpec, held: Held[]): Promise<void> {
  await many(held.length, async (i) => {
    const { subject, id } = held[i] as Held;
    if (!(await store.release(subject, leased, id))) throw new Error("leases bench: a lease held was not found");
  });
}

/** Redis's CPU and its commands' calls and time so far (cumulative: CONFIG RESETSTAT is not sent between passes). */
type Snapshot = { cpuUs: number; usage: CommandUsage };
type Spent = { cpuUs: number; usage: CommandUsage };

function add(into: Spent, from: Snapshot, to: Snapshot): void {
  into.cpuUs += to.cpuUs - from.cpuUs;
  for (const [name, u] of to.usage) {
    const was = from.usage.get(name) ?? { calls: 0, usec: 0 };
    const sum = into.usage.get(name) ?? { calls: 0, usec: 0 };
    into.usage.set(name, { calls: sum.calls + u.calls - was.calls, usec: sum.usec + u.usec - was.usec });
  }
}

/**
 * One round of each side, `passes` passes of one operation per customer each, so that a customer holds one lease at
 * a time on the lease, release and pair sides (a lease round then its release round, pass by pass), and on the held
 * side one more each pass (released after the round, unmeasured). Every side is measured pass by pass alike, so that
 * the INFO between passes and the end of each pass (fewer in flight) fall on all of them.
 */
function sides(store: CounterStore, plain: LimitSpec, leased: LimitSpec, snapshot: () => Promise<Snapshot>) {
  const spent = (): Spent => ({ cpuUs: 0, usage: new Map() });
  return {
    async plain(passes: number) {
      const s = spent();
      for (let p = 0; p < passes; p++) {
        const before = await snapshot();
        await many(CUSTOMERS, async (i) => allowedOrThrow(await store.check(`plain-${i}`, plain, 1), "a plain check"));
        add(s, before, await snapshot());
      }
      return { plain: s };
    },
    async lease(passes: number) {
      const [lease, release] = [spent(), spent()];
      for (let p = 0; p < passes; p++) {
        const before = await snapshot();
        const held = await takeLeases(store, leased, "leased", CUSTOMERS);
        const taken = await snapshot();
        add(lease, before, taken);
        await releaseAll(store, leased, held);
        add(release, taken, await snapshot());
      }
      return { lease, release };
    },
    async pair(passes: number) {
      const s = spent();
      for (let p = 0; p < passes; p++) {
        const before = await snapshot();
        await many(CUSTOMERS, async (i) => {
          const subject = `leased-${i}`;
          const lease = ask();
          allowedOrThrow(await store.check(subject, leased, 1, lease), "a check taking a lease");
          if (!(await store.release(subject, leased, lease.id))) throw new Error("leases bench: a lease was not found");
        });
        add(s, before, await snapshot());
      }
      return { pair: s };
    },
    async held(passes: number) {
      const s = spent();
      const all: Held[] = [];
      for (let p = 0; p < passes; p++) {
        const before = await snapshot();
        all.push(...(await takeLeases(store, leased, "held", CUSTOMERS)));
        add(s, before, await snapshot());
      }
      await releaseAll(store, leased, all);
      return { held: s };
    },
  };
}

/** Takes `n` leases, then releases them, one at a time or IN_FLIGHT at once: what reached Redis for the releases. */
async function countReleases(
  store: CounterStore,
  url: string,
  info: Redis,
  leased: LimitSpec,
  n: number,
  inFlight: boolean,
): Promise<CountedCommands> {
  const leases: Held[] = [];
  for (let i = 0; i < n; i++) {
    const subject = `counted-${i % CUSTOMERS}`;
    const lease = ask();
    allowedOrThrow(await store.check(subject, leased, 1, lease), "a check taking a lease");
    leases.push({ subject, id: lease.id });
  }
  const before = await commandStats(info);
  const { commands } = await monitorCommands(url, async () => {
    const release = async (i: number) => {
      const { subject, id } = leases[i] as Held;
      if (!(await store.release(subject, leased, id))) throw new Error("leases bench: a lease held was not found");
    };
    if (inFlight) await many(n, release);
    else for (let i = 0; i < n; i++) await release(i);
  });
  const delta = commandDelta(before, await commandStats(info));
  return {
    clientCommands: commands.client,
    byCommand: commands.byCommand,
    scriptCalls: scriptCalls(delta),
    luaCalls: commands.lua,
  };
}

export async function runLeases(options: Pick<Options, "quick">, log: (m: string) => void): Promise<LeasesResults> {
  const passes = options.quick ? 2 : 40;
  const roundsEach = options.quick ? 1 : 5;
  const releases = options.quick ? 100 : 1000;
  const loadStart = loadavg()[0] ?? 0;
  const redis = await startRedis();
  const store = createRedisStore({ url: redis.url, timeoutMs: 5000 });
  const info = new Redis(redis.url);
  // The limits of the main bench's plan: a bucket and every window, far above what the rounds use; and the same with a
  // concurrent limit.
  const limits = { capacity: 1e9, perMinute: 1e9, hour: 1e9, day: 1e9, week: 1e9, month: 1e9 };
  const plain = testSpec(limits);
  const leased = testSpec({ ...limits, concurrent: CONCURRENT });
  const snapshot = async (): Promise<Snapshot> => {
    const cpuUs = parseRedisCpuUs(await info.info("cpu"));
    return { cpuUs, usage: parseCommandUsage(await info.info("commandstats")) };
  };
  const run = sides(store, plain, leased, snapshot);
  try {
    // Warm: every customer's hash and set of leases exists, and the scripts are loaded.
    await run.plain(1);
    await run.pair(1);
    await run.held(1);
    const rounds: LeasesRound[] = [];
    for (let round = 0; round < roundsEach; round++) {
      // Alternating which goes first, so that a slow moment of the machine does not fall on one side. The release
      // side runs with the lease side, pass by pass.
      const order = ["plain", "lease", "pair", "held"] as const;
      for (const group of round % 2 === 0 ? order : [...order].reverse()) {
        const measured: Partial<Record<LeasesSide, Spent>> = await run[group](passes);
        for (const [side, spent] of Object.entries(measured) as [LeasesSide, Spent][]) {
          const operations = passes * CUSTOMERS;
          const inside: LeasesRound["inside"] = {};
          for (const [name, u] of spent.usage) {
            if (CALLED_BY_SCRIPTS.has(name) && u.calls > 0) {
              inside[name] = { calls: u.calls / operations, us: u.usec / operations };
            }
          }
          const r: LeasesRound = {
            side,
            operations,
            redisCpuUsPerOp: spent.cpuUs / operations,
            scriptUsPerOp: clientUsec(spent.usage) / operations,
            inside,
          };
          rounds.push(r);
          log(
            `leases round ${round + 1}/${roundsEach} ${side}: ${r.redisCpuUsPerOp.toFixed(2)} µs Redis CPU, ${r.scriptUsPerOp.toFixed(2)} µs scripts`,
          );
        }
      }
    }
    const ratio = (side: LeasesSide): LeasesRatio => {
      const of = (field: "redisCpuUsPerOp" | "scriptUsPerOp") => {
        const out: number[] = [];
        for (let i = 0; i < rounds.length; i += LEASES_SIDES.length) {
          const these = rounds.slice(i, i + LEASES_SIDES.length);
          const a = these.find((r) => r.side === side) as LeasesRound;
          const b = these.find((r) => r.side === "plain") as LeasesRound;
          out.push(a[field] / b[field]);
        }
        return median(out);
      };
      return { redisCpu: of("redisCpuUsPerOp"), scriptUs: of("scriptUsPerOp") };
    };
    const ratios = { lease: ratio("lease"), release: ratio("release"), pair: ratio("pair"), held: ratio("held") };

    // What reaches Redis for a release, outside the timed rounds (MONITOR costs Redis time of its own).
    const oneAtATime = await countReleases(store, redis.url, info, leased, releases, false);
    const inFlight = await countReleases(store, redis.url, info, leased, releases, true);
    log(
      `leases: ${releases} releases one at a time sent ${oneAtATime.clientCommands} commands (${JSON.stringify(oneAtATime.byCommand)}), 64 in flight ${inFlight.clientCommands}`,
    );
    return {
      date: new Date().toISOString(),
      operationsPerRound: passes * CUSTOMERS,
      customers: CUSTOMERS,
      concurrent: CONCURRENT,
      leaseMs: DEFAULT_LEASE_MS,
      loadAverage: { start: loadStart, end: loadavg()[0] ?? 0 },
      rounds,
      ratios,
      redisCpuRatio: ratios.lease.redisCpu,
      target: LEASES_TARGET,
      met: ratios.lease.redisCpu <= LEASES_TARGET,
      releaseCommands: { releases, oneAtATime, inFlight },
    };
  } finally {
    info.disconnect();
    await store.close();
    await redis.stop();
  }
}

export function formatLeases(r: LeasesResults): string {
  const of = (side: LeasesSide, field: "redisCpuUsPerOp" | "scriptUsPerOp") =>
    median(r.rounds.filter((x) => x.side === side).map((x) => x[field])).toFixed(2);
  // Each command the scripts ran, per operation (medians over the rounds), heaviest first.
  const inside = (side: LeasesSide) => {
    const these = r.rounds.filter((x) => x.side === side);
    const names = new Set(these.flatMap((x) => Object.keys(x.inside)));
    return [...names]
      .map((name) => {
        const at = (f: "calls" | "us") => median(these.map((x) => x.inside[name]?.[f] ?? 0));
        return { name, calls: at("calls"), us: at("us") };
      })
      .filter((c) => c.calls >= 0.005)
      .sort((a, b) => b.us - a.us)
      .map((c) => `${c.name.toUpperCase()} ${c.calls.toFixed(2)}× ${c.us.toFixed(2)}`)
      .join(", ");
  };
  const line = (label: string, side: Exclude<LeasesSide, "plain">) =>
    `  ${label.padEnd(30)} ${of(side, "redisCpuUsPerOp").padStart(6)} µs CPU ${r.ratios[side].redisCpu.toFixed(3)}x   ${of(side, "scriptUsPerOp").padStart(6)} µs scripts ${r.ratios[side].scriptUs.toFixed(3)}x`;
  const c = r.releaseCommands;
  const names = (by: Record<string, number>) =>
    Object.entries(by)
      .map(([name, n]) => `${n} ${name.toUpperCase()}`)
      .join(", ") || "none";
  return [
    `Leases: Redis per operation, a plan with concurrent ${r.concurrent} (never full) vs the same limits without; ratios to a check without`,
    `  ${"check without concurrent".padEnd(30)} ${of("plain", "redisCpuUsPerOp").padStart(6)} µs CPU           ${of("plain", "scriptUsPerOp").padStart(6)} µs scripts`,
    line("check taking a lease", "lease"),
    line("its release", "release"),
    line("check + release", "pair"),
    line("check, customer holding 1-40", "held"),
    `  a check of the plan with concurrent: ${r.redisCpuRatio.toFixed(3)}x Redis CPU (target ≤ ${r.target}x: ${r.met ? "met" : "NOT met"})`,
    "  inside the scripts, µs per operation (each command's own time; the rest of a script's is Lua and calling):",
    ...LEASES_SIDES.map((side) => `    ${side.padEnd(8)} ${inside(side)}`),
    `  ${c.releases} releases one at a time: ${c.oneAtATime.clientCommands} commands sent (${names(c.oneAtATime.byCommand)}), ${c.oneAtATime.scriptCalls} scripts started, ${(c.oneAtATime.luaCalls / c.releases).toFixed(1)} calls inside each`,
    `  ${c.releases} releases 64 in flight:  ${c.inFlight.clientCommands} commands sent (${names(c.inFlight.byCommand)}), ${c.inFlight.scriptCalls} scripts started (the calls of one turn merged)`,
  ].join("\n");
}
