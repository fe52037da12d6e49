// How long and how hard a run measures: the full benchmark, or --quick (BENCH_QUICK=1), a smoke run of seconds.
import { resolve } from "node:path";
import type { LoadTool } from "./load/jobs";
import { wrkInstalled } from "./load/wrk";
import { onWorkerd, SYSTEMS, type SystemId } from "./systems";

export type Options = {
  quick: boolean;
  /** Where results.json and results.svg go. */
  outDir: string;
  /** The system to profile (node --cpu-prof), if any; its summary covers the saturation rounds alone. */
  profile: SystemId | undefined;
  customers: number;
  rounds: number;
  connections: number;
  /** What drives the saturation rounds: wrk when installed (BENCH_LOAD=autocannon to choose autocannon). */
  loadTool: LoadTool;
  warmupSeconds: number;
  saturateSeconds: number;
  latencySeconds: number;
  latencyWarmupSeconds: number;
  /** Checks sent while MONITOR counts each system's commands. */
  monitoredChecks: number;
  denySeconds: number;
  /** `--only <scenario>`: only that scenario (hot-keys, scale, outage, alerts, leases), whose section of results.json it replaces. */
  only: Scenario | undefined;
  /** The hot-key scenario: seconds of each measured round, per mode (localShare off, on). */
  hotKeySeconds: number;
  /** The localShare of the hot-key scenario's "on" plan: 100, or `--local-share <n>` (2 to 10,000). */
  hotKeyShare: number;
  /**
   * Seconds waited after each hot-key round before Redis's counters are read: a server gives back a share it no
   * longer needs within about a second (contract section 12), and those commands belong to the round.
   */
  hotKeySettleSeconds: number;
  /** The scale scenario's numbers of customers, smallest first: the figures are ratios to the first. */
  scaleSizes: number[];
  /** Seconds of each of its rounds per mode (alone, with the Live page open, with one write a second). */
  scaleSeconds: number;
  /** Its rounds per mode and size; the figures are their medians. */
  scaleRounds: number;
  /** Its timed admin reads: at most this many of each, fewer once the budget is spent (at least one). */
  scaleTimingSamples: number;
  scaleTimingBudgetSeconds: number;
  /**
   * The most its warm pass (one check of every key) may take; past it the pass stops where it got to. A key's first
   * check cost about 400 µs of a shared machine before issue 27, a million of them over ten minutes; on a machine at
   * a quarter of its usual speed a million took 270 s after it (7,500 checks/s at 1,000 keys, against 30,000).
   */
  scaleWarmPassSeconds: number;
  /** The outage scenario: how long the redis-server is stopped (SIGSTOP), with checks sent all along. */
  outageSeconds: number;
  /** Its checks a second to each of its three customers (open, closed, local), spread over its servers. */
  outageRate: number;
  /** The perDay of its three plans: half of what a customer is sent during the outage, so open shows far over it. */
  outageLimit: number;
  /**
   * Seconds after the store answers again (every server ready) before usage is read: each server adds what it
   * allowed at its next tick, within a second (api/src/quota/local-limits.ts).
   */
  outageSettleSeconds: number;
};

/** Scenarios that `--only` can run alone. */
export const SCENARIOS = ["hot-keys", "scale", "outage", "alerts", "leases"] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** `--only <scenario>` runs that scenario alone; not with `--profile`, which profiles the main systems. */
export function onlyOf(argv: string[]): Scenario | undefined {
  const at = argv.indexOf("--only");
  if (at < 0) return undefined;
  const name = argv[at + 1];
  const scenario = SCENARIOS.find((s) => s === name);
  if (!scenario) throw new Error(`--only: ${name ?? "nothing"}? one of ${SCENARIOS.join(", ")}`);
  if (argv.includes("--profile")) throw new Error("--only and --profile together: --profile runs the main systems");
  return scenario;
}

/** `--local-share <n>`: the share the hot-key scenario's "on" plan asks for (100 when not given). */
export function localShareOf(argv: string[]): number {
  const at = argv.indexOf("--local-share");
  if (at < 0) return 100;
  const n = Number(argv[at + 1]);
  if (!Number.isInteger(n) || n < 2 || n > 10_000)
    throw new Error(`--local-share: ${argv[at + 1] ?? "nothing"}? a whole number from 2 to 10,000`);
  return n;
}

/** `--sizes 1000,50000`: the scale scenario's numbers of customers instead of its own (`fallback`), smallest first. */
export function sizesOf(argv: string[], fallback: number[]): number[] {
  const at = argv.indexOf("--sizes");
  if (at < 0) return fallback;
  const given = argv[at + 1] ?? "";
  const sizes = given.split(",").map((n) => Number(n.replaceAll("_", "")));
  const valid = sizes.every((n, i) => Number.isInteger(n) && n >= 100 && n <= 10_000_000 && n > (sizes[i - 1] ?? 0));
  if (!given || !valid)
    throw new Error(`--sizes: ${given || "nothing"}? numbers of customers from 100 to 10,000,000, smallest first`);
  return sizes;
}

/** `--profile` alone profiles the Redis store; `--profile <system id>` another system. */
function profiled(argv: string[]): SystemId | undefined {
  const at = argv.indexOf("--profile");
  if (at < 0) return undefined;
  const id = argv[at + 1];
  if (id === undefined || id.startsWith("--")) return "redis";
  const system = SYSTEMS.find((s) => s.id === id);
  if (!system) throw new Error(`--profile: no system ${id}; one of ${SYSTEMS.map((s) => s.id).join(", ")}`);
  if (onWorkerd(system))
    throw new Error(`--profile: ${system.id} runs in workerd, which node --cpu-prof cannot profile`);
  return system.id;
}

/** BENCH_LOAD names the tool; unset, wrk when it is installed, else autocannon. */
export function loadToolOf(asked: string | undefined, installed: () => boolean = wrkInstalled): LoadTool {
  if (asked === undefined || asked === "") return installed() ? "wrk" : "autocannon";
  if (asked !== "wrk" && asked !== "autocannon") throw new Error(`BENCH_LOAD: ${asked}? wrk or autocannon`);
  if (asked === "wrk" && !installed())
    throw new Error("BENCH_LOAD=wrk, but wrk is not installed: apt-get install -y wrk");
  return asked;
}

export function parseOptions(argv: string[], env: Record<string, string | undefined> = process.env): Options {
  const quick = argv.includes("--quick") || env.BENCH_QUICK === "1";
  const out = argv.indexOf("--out");
  const outDir = resolve((out >= 0 ? argv[out + 1] : undefined) ?? env.BENCH_OUT ?? "bench");
  const profile = profiled(argv);
  const loadTool = loadToolOf(env.BENCH_LOAD);
  const only = onlyOf(argv);
  const common = { outDir, profile, connections: 64, loadTool, only, hotKeyShare: localShareOf(argv) };
  return quick
    ? {
        ...common,
        quick,
        customers: 100,
        rounds: 1,
        warmupSeconds: 0.3,
        saturateSeconds: 1,
        latencySeconds: 1,
        latencyWarmupSeconds: 0.2,
        monitoredChecks: 200,
        denySeconds: 1,
        hotKeySeconds: 1,
        hotKeySettleSeconds: 1.2,
        scaleSizes: sizesOf(argv, [1000, 10_000, 20_000]),
        scaleSeconds: 1,
        scaleRounds: 1,
        scaleTimingSamples: 3,
        scaleTimingBudgetSeconds: 3,
        scaleWarmPassSeconds: 60,
        outageSeconds: 2,
        outageRate: 600,
        outageLimit: 600,
        outageSettleSeconds: 3,
      }
    : {
        ...common,
        quick,
        customers: 1000,
        rounds: 3,
        warmupSeconds: 2,
        saturateSeconds: 3,
        latencySeconds: 3,
        latencyWarmupSeconds: 0.5,
        monitoredChecks: 2000,
        denySeconds: 3,
        hotKeySeconds: 5,
        hotKeySettleSeconds: 1.5,
        scaleSizes: sizesOf(argv, [1000, 100_000, 1_000_000]),
        scaleSeconds: 5,
        // Seven, not the other scenarios' three: the ratios asked for (0.8x, 0.95x) are closer than a few rounds of a
        // shared machine agree.
        scaleRounds: 7,
        scaleTimingSamples: 5,
        scaleTimingBudgetSeconds: 20,
        scaleWarmPassSeconds: 600,
        outageSeconds: 10,
        outageRate: 600,
        outageLimit: 3000,
        outageSettleSeconds: 3,
      };
}
