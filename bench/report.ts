// The results of a run: their shape in results.json, the console table and the ratios to each peer.
import { cpus, loadavg } from "node:os";
import { type AlertsResults, formatAlerts } from "./alerts";
import { formatHotKeys, type HotKeysResults } from "./hot-keys";
import { formatLeases, type LeasesResults } from "./leases";
import type { CommandsPerCheck, DenyWorkload, LatencyRound, SaturationRound } from "./measure";
import type { Options } from "./options";
import { formatOutage, type OutageResults } from "./outage";
import type { ScaleResults } from "./scale/results";
import { median } from "./stats";
import { RATIOS, SYSTEMS, type SystemId } from "./systems";
import { formatWorker, type WorkerResults, workerResults } from "./worker/results";
import type { WorkerStart } from "./worker/start";

export type SystemResult = {
  id: SystemId;
  label: string;
  bouncer: boolean;
  checksPerSec: number;
  p50Ms: number;
  p99Ms: number;
  clientCommandsPerCheck: number | null;
  luaCallsPerCheck: number | null;
  executedCommandsPerCheck: number | null;
  serverCpuUsPerCheck: number;
  peakRssMiB: number;
  saturationRounds: SaturationRound[];
  latencyRounds: LatencyRound[];
  commands: CommandsPerCheck | null;
};

/**
 * Latency at half of saturation: the Redis store at half of its own, held to issue 7's target; the floor at the
 * same rate beside it, the reference of what the machine allows a check that goes to Redis; and the bare server
 * at half of its own, the reference of what the machine allows any Node server at that point of its curve.
 */
export type HalfLoad = {
  /** Half the Redis store's median checks/s. */
  rate: number;
  systems: {
    system: SystemId;
    /** Whose saturation `rate` is half of: the Redis store's, or the system's own. */
    halfOf: SystemId;
    /** The rate this system was driven at. */
    rate: number;
    p50Ms: number;
    p99Ms: number;
    rounds: LatencyRound[];
    /** The Redis store only. */
    target?: { p99Ms: number; met: boolean };
  }[];
};

/** `target` and `met` are null for a comparison no issue sets a target for (RATIOS says what each such one shows). */
export type Ratio = { of: SystemId; to: SystemId; value: number; target: number | null; met: boolean | null };

export type Results = {
  date: string;
  quick: boolean;
  /** `loadAverage`: the 1-minute load when the run began (others' work) and ended (mostly the run's own). */
  machine: { cpus: number; cpuModel: string; node: string; loadAverage: { start: number; end: number } };
  settings: Omit<Options, "outDir" | "profile">;
  /** The fixed rate of the latency rounds: half the slowest system's median checks/s. */
  latencyRate: number;
  systems: SystemResult[];
  ratios: Ratio[];
  denyWorkload: DenyWorkload & { target: number; met: boolean };
  halfLoad: HalfLoad;
  /** Checks the Bouncer services answered without their store, or store errors; any makes the run suspect. */
  storeTrouble: Partial<Record<SystemId, number>>;
  /** The Worker's cold starts and bundle, when it ran. */
  worker: WorkerResults | null;
  /** One hot customer from 3 servers, localShare off and on (contract section 12); absent in older results. */
  hotKeys?: HotKeysResults | null;
  /** The redis-server stopped 10 s under load, plans failing open, closed, local (issue 29); absent in older results. */
  outage?: OutageResults | null;
  alerts?: AlertsResults | null;
  /** What leases cost Redis: a plan with `concurrent` and without, and the commands of a release; absent in older results. */
  leases?: LeasesResults | null;
  /** 1,000 to 1,000,000 customers (contract section 9a), written by `--only scale` alone and kept by other runs. */
  scale?: ScaleResults | null;
};

export type Measured = {
  saturation: Map<SystemId, SaturationRound[]>;
  latency: Map<SystemId, LatencyRound[]>;
  latencyRate: number;
  /** The rounds at half of saturation: the Redis store's rate, and each system's own rate and rounds. */
  halfLoad: { rate: number; systems: { system: SystemId; halfOf: SystemId; rate: number; rounds: LatencyRound[] }[] };
  commands: Map<SystemId, CommandsPerCheck>;
  peakRssMiB: Map<SystemId, number>;
  deny: DenyWorkload;
  storeTrouble: Partial<Record<SystemId, number>>;
  loadAverageAtStart: number;
  worker: Omit<WorkerStart, "server" | "seed"> | undefined;
};

export const DENY_TARGET = 0.01;
export const P99_TARGET_MS = 2;

export function buildResults(measured: Measured, options: Options): Results {
  const systems = SYSTEMS.map((system): SystemResult => {
    const saturation = measured.saturation.get(system.id) ?? [];
    const latency = measured.latency.get(system.id) ?? [];
    const commands = measured.commands.get(system.id) ?? null;
    return {
      id: system.id,
      label: system.label,
      bouncer: system.bouncer,
      checksPerSec: median(saturation.map((r) => r.checksPerSec)),
      p50Ms: median(latency.map((r) => r.p50Ms)),
      p99Ms: median(latency.map((r) => r.p99Ms)),
      clientCommandsPerCheck: commands?.client ?? null,
      luaCallsPerCheck: commands?.lua ?? null,
      executedCommandsPerCheck: system.redis ? median(saturation.map((r) => r.executedCommandsPerCheck)) : null,
      serverCpuUsPerCheck: median(saturation.map((r) => r.serverCpuUsPerCheck)),
      peakRssMiB: measured.peakRssMiB.get(system.id) ?? Number.NaN,
      saturationRounds: saturation,
      latencyRounds: latency,
      commands,
    };
  });
  const rate = (id: SystemId) => systems.find((s) => s.id === id)?.checksPerSec ?? Number.NaN;
  const ratios = RATIOS.map(({ of, to, target }) => {
    const value = rate(of) / rate(to);
    return { of, to, value, target, met: target === null ? null : value >= target };
  });
  const { outDir: _out, profile: _profile, ...settings } = options;
  return {
    date: new Date().toISOString(),
    quick: options.quick,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown",
      node: process.version,
      loadAverage: { start: measured.loadAverageAtStart, end: loadavg()[0] ?? 0 },
    },
    settings,
    latencyRate: measured.latencyRate,
    systems,
    ratios,
    denyWorkload: {
      ...measured.deny,
      target: DENY_TARGET,
      met: measured.deny.storeCommandsPerCheck <= DENY_TARGET,
    },
    halfLoad: { rate: measured.halfLoad.rate, systems: measured.halfLoad.systems.map(halfLoadOf) },
    storeTrouble: measured.storeTrouble,
    worker: measured.worker ? workerResults(measured.worker) : null,
  };
}

function halfLoadOf({
  system,
  halfOf,
  rate,
  rounds,
}: Measured["halfLoad"]["systems"][number]): HalfLoad["systems"][number] {
  const p99Ms = median(rounds.map((r) => r.p99Ms));
  const result: HalfLoad["systems"][number] = {
    system,
    halfOf,
    rate,
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    p99Ms,
    rounds,
  };
  if (system === "redis") result.target = { p99Ms: P99_TARGET_MS, met: p99Ms <= P99_TARGET_MS };
  return result;
}

const fixed = (n: number | null, digits: number) => (n === null || Number.isNaN(n) ? "–" : n.toFixed(digits));
const thousands = (n: number) => (Number.isNaN(n) ? "–" : Math.round(n).toLocaleString("en-US"));

function table(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
  const [head, ...body] = rows;
  return [line(head ?? []), widths.map((w) => "─".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

const labelOf = (id: SystemId) => SYSTEMS.find((s) => s.id === id)?.label ?? id;

/** The console report: one table, the ratios against their targets, and the deny workload. */
export function formatResults(results: Results): string {
  const rows = [
    [
      "system",
      "checks/s",
      "p50 ms",
      "p99 ms",
      "client cmds/check",
      "executed cmds/check",
      "server CPU µs/check",
      "peak RSS MiB",
    ],
    ...results.systems.map((s) => [
      s.label,
      thousands(s.checksPerSec),
      fixed(s.p50Ms, 2),
      fixed(s.p99Ms, 2),
      fixed(s.clientCommandsPerCheck, 2),
      fixed(s.executedCommandsPerCheck, 2),
      fixed(s.serverCpuUsPerCheck, 0),
      fixed(s.peakRssMiB, 0),
    ]),
  ];
  const says = (r: Ratio) => RATIOS.find((x) => x.of === r.of && x.to === r.to)?.says ?? "";
  const ratios = results.ratios.map(
    (r) =>
      `  ${`${labelOf(r.of)} ÷ ${labelOf(r.to)}`.padEnd(52)} ${r.value.toFixed(2).padStart(6)}   ${r.target === null ? `(no target: ${says(r)})` : `target ≥ ${r.target}  ${r.met ? "met" : "NOT MET"}`}`,
  );
  const d = results.denyWorkload;
  const lag = Math.max(
    ...results.systems.flatMap((s) => s.latencyRounds.map((r) => r.scheduleLagP99Ms)),
    ...results.halfLoad.systems.flatMap((h) => h.rounds.map((r) => r.scheduleLagP99Ms)),
    0,
  );
  const halfLoad = results.halfLoad.systems.map((h) => {
    const latency = `p50 ${fixed(h.p50Ms, 2)} ms, p99 ${fixed(h.p99Ms, 2)} ms`;
    if (h.target)
      return `  ${labelOf(h.system).padEnd(24)} ${latency}   target ≤ ${h.target.p99Ms} ms  ${h.target.met ? "met" : "NOT MET"}`;
    if (h.halfOf !== h.system)
      return `  ${labelOf(h.system).padEnd(24)} ${latency}   (reference: the same rate, one EVALSHA)`;
    return `  ${labelOf(h.system).padEnd(24)} ${latency}   (reference: half of its own saturation, ${thousands(h.rate)} checks/s, no work at all)`;
  });
  const redisStore = results.systems.find((s) => s.id === "redis");
  const trouble = Object.entries(results.storeTrouble).filter(([, n]) => (n ?? 0) > 0);
  const { cpus: cores, loadAverage } = results.machine;
  // The load at the end is mostly the run's own (load process, Redis, a server): only the start tells of others.
  const busy = loadAverage.start > cores / 2;
  return [
    `Bouncer benchmark${results.quick ? " (quick smoke run: numbers are not meaningful)" : ""}, ${results.machine.cpus} × ${results.machine.cpuModel}, Node ${results.machine.node}`,
    `checks/s: median of ${results.settings.rounds} saturation round(s) at ${results.settings.connections} connections (${results.settings.loadTool}); latency: open-loop at ${thousands(results.latencyRate)} checks/s (half the slowest)`,
    "",
    table(rows),
    "",
    "Ratios of checks/s:",
    ...ratios,
    "",
    `Latency at half of saturation (the Redis store's, ${thousands(results.halfLoad.rate)} checks/s, unless said):`,
    ...halfLoad,
    `  (at the common latency rate, ${thousands(results.latencyRate)} checks/s, the Redis store's p99 is ${fixed(redisStore?.p99Ms ?? Number.NaN, 2)} ms)`,
    `  (latency is timed from when the load process writes a check; checks left at most ${fixed(lag, 2)} ms behind schedule at p99)`,
    "",
    `Deny workload (one customer over its limit, Redis store): ${thousands(d.checks)} checks, ${thousands(d.denied)} denied, ${thousands(d.checksPerSec)} checks/s`,
    `  Redis commands per check ${d.storeCommandsPerCheck.toFixed(5)} (scripts started ${d.scriptCallsPerCheck.toFixed(5)})   target ≤ ${d.target}  ${d.met ? "met" : "NOT MET"}`,
    ...(results.worker ? ["", ...formatWorker(results.worker)] : []),
    ...(results.hotKeys ? ["", formatHotKeys(results.hotKeys)] : []),
    ...(results.outage ? ["", formatOutage(results.outage)] : []),
    ...(results.alerts ? ["", formatAlerts(results.alerts)] : []),
    ...(results.leases ? ["", formatLeases(results.leases)] : []),
    ...(trouble.length > 0
      ? [
          "",
          `WARNING: checks answered without the store or store errors: ${trouble.map(([id, n]) => `${id} ${n}`).join(", ")}`,
        ]
      : []),
    ...(busy
      ? [
          "",
          `WARNING: load average ${loadAverage.start.toFixed(1)} over the minute before the run, on ${cores} CPUs: other work may have shared the machine, so checks/s and latency may be low and noisy (CPU µs/check holds up better).`,
        ]
      : []),
  ].join("\n");
}
