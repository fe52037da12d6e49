// How long and how hard a run measures: the full benchmark, or --quick (BENCH_QUICK=1), a smoke run of seconds.
import { resolve } from "node:path";
import type { LoadTool } from "./load/jobs";
import { wrkInstalled } from "./load/wrk";
import { onWorkerd, SYSTEMS, type SystemId } from "./systems";

export type Options = {
  quick: boolean;
  /** Where results.json and results.svg go. */
  outDir: string;
  /** The system to profile (node --cpu-prof) through warm-up and saturation rounds only, if any. */
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
};

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
  const common = { outDir, profile, connections: 64, loadTool };
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
      };
}
