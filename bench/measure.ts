// The measurements of a run, each over every system in turn: saturation, latency at a fixed rate, Redis commands.
import { Redis } from "ioredis";
import { type Fleet, seedOf } from "./fleet";
import type { LoadClient } from "./load/client";
import type { StatusCounts, Traffic } from "./load/jobs";
import type { Options } from "./options";
import { cpuMs, onCleanUp, type ServerProcess } from "./processes";
import { commandDelta, commandStats, monitorCommands, scriptCalls, totalCalls } from "./redis-commands";
import type { System } from "./systems";

export type SaturationRound = {
  checksPerSec: number;
  /** Every command Redis ran per check, the calls scripts make included. */
  executedCommandsPerCheck: number;
  /** CPU time of the server process alone per check. */
  serverCpuUsPerCheck: number;
  unexpected: StatusCounts;
};

export type LatencyRound = {
  p50Ms: number;
  p99Ms: number;
  scheduleLagP99Ms: number;
  achievedRate: number;
  unexpected: StatusCounts;
};

export type CommandsPerCheck = { client: number; lua: number; byCommand: Record<string, number> };

export type DenyWorkload = {
  checks: number;
  denied: number;
  checksPerSec: number;
  storeCommandsPerCheck: number;
  scriptCallsPerCheck: number;
};

export type Measure = ReturnType<typeof createMeasure>;

/** Status codes other than `expected`, with connection errors as "error". */
function unexpectedOf(statusCodes: StatusCounts, errors: number, expected: string[]): StatusCounts {
  const out: StatusCounts = Object.fromEntries(
    Object.entries(statusCodes).filter(([code]) => !expected.includes(code)),
  );
  if (errors > 0) out.error = errors;
  return out;
}

export function createMeasure(fleet: Fleet, load: LoadClient, options: Options) {
  const stats = new Redis(fleet.redis.url);
  onCleanUp(async () => stats.disconnect());
  const server = (system: System) => {
    const found = fleet.servers.get(system.id) as ServerProcess;
    found.assertRunning();
    return found;
  };
  const traffic = (system: System, bodies: string[]): Traffic => ({
    url: server(system).url,
    path: "/v1/check",
    headers: { authorization: `Bearer ${seedOf(fleet, system.id).serviceToken}`, "content-type": "application/json" },
    bodies,
  });
  const openBodies = (system: System) => seedOf(fleet, system.id).keys.map((key) => JSON.stringify({ key }));

  return {
    async warmUp(system: System): Promise<void> {
      await load.saturate({
        ...traffic(system, openBodies(system)),
        connections: options.connections,
        seconds: options.warmupSeconds,
        tool: options.loadTool,
      });
    },

    async saturation(system: System): Promise<SaturationRound> {
      const pids = server(system).serverPids();
      const before = await commandStats(stats);
      const cpuBefore = cpuMs(pids);
      const result = await load.saturate({
        ...traffic(system, openBodies(system)),
        connections: options.connections,
        seconds: options.saturateSeconds,
        tool: options.loadTool,
      });
      const cpu = cpuMs(pids) - cpuBefore;
      const executed = totalCalls(commandDelta(before, await commandStats(stats)));
      const ok = result.statusCodes["200"] ?? 0;
      return {
        checksPerSec: ok / result.seconds,
        executedCommandsPerCheck: system.redis ? executed / ok : 0,
        serverCpuUsPerCheck: (cpu * 1000) / ok,
        unexpected: unexpectedOf(result.statusCodes, result.errors, ["200"]),
      };
    },

    async latency(system: System, rate: number): Promise<LatencyRound> {
      const result = await load.paced({
        ...traffic(system, openBodies(system)),
        rate,
        seconds: options.latencySeconds,
        warmupSeconds: options.latencyWarmupSeconds,
      });
      return {
        p50Ms: result.p50Ms,
        p99Ms: result.p99Ms,
        scheduleLagP99Ms: result.scheduleLagP99Ms,
        achievedRate: result.achievedRate,
        unexpected: unexpectedOf(result.statusCodes, result.errors, ["200"]),
      };
    },

    /** The commands clients send per check, and the calls their scripts make, from MONITOR over a fixed count. */
    async commands(system: System): Promise<CommandsPerCheck> {
      const { result, commands } = await monitorCommands(fleet.redis.url, () =>
        load.saturate({ ...traffic(system, openBodies(system)), connections: 16, amount: options.monitoredChecks }),
      );
      const checks = result.statusCodes["200"] ?? 0;
      const byCommand = Object.fromEntries(Object.entries(commands.byCommand).map(([n, c]) => [n, c / checks]));
      return { client: commands.client / checks, lua: commands.lua / checks, byCommand };
    },

    /** One customer over its limit flooding the Redis store: how much of the flood still reaches Redis. */
    async deny(system: System): Promise<DenyWorkload> {
      const abusive = traffic(system, [JSON.stringify({ key: fleet.seed.abusiveKey })]);
      // Its one allowed check, then one denial, one after the other: the flood then meets a primed deny cache, as
      // it would after its first moment (when the checks already in flight reach the store).
      await load.saturate({ ...abusive, connections: 1, amount: 2 });
      const before = await commandStats(stats);
      const result = await load.saturate({
        ...abusive,
        connections: options.connections,
        seconds: options.denySeconds,
      });
      const delta = commandDelta(before, await commandStats(stats));
      const checks = result.responses;
      return {
        checks,
        denied: result.statusCodes["429"] ?? 0,
        checksPerSec: checks / result.seconds,
        storeCommandsPerCheck: totalCalls(delta) / checks,
        scriptCallsPerCheck: scriptCalls(delta) / checks,
      };
    },

    storeTrouble: (system: System) => storeTroubleOf(server(system).url),
  };
}

/** Checks a Bouncer service answered without its store (degraded) or store errors: a fair run has none. */
export async function storeTroubleOf(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const count = (pattern: RegExp) => [...text.matchAll(pattern)].reduce((sum, m) => sum + Number(m[1] ?? 0), 0);
  return (
    count(/^bouncer_checks_total\{result="(?:degraded|store_unavailable)"\} (\d+)/gm) +
    count(/^bouncer_store_errors_total (\d+)/gm)
  );
}
