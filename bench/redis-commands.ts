// Counting what reaches Redis: INFO commandstats deltas (every command run, Lua's own calls too) and MONITOR
// (which marks the calls a script makes as "lua", so the commands clients send can be told apart).
import { Redis } from "ioredis";
import { luaSources } from "../api/src/quota/stores/lua-sources";

export type CommandCounts = Map<string, number>;

// The runner's own measuring commands are not part of any system's work.
const MEASURING = /^(info|monitor|config|client)(\|.*)?$/;

export async function commandStats(redis: Redis): Promise<CommandCounts> {
  const counts: CommandCounts = new Map();
  for (const line of (await redis.info("commandstats")).split("\n")) {
    const match = line.match(/^cmdstat_([^:]+):calls=(\d+)/);
    if (match?.[1] && !MEASURING.test(match[1])) counts.set(match[1], Number(match[2]));
  }
  return counts;
}

/** The calls made between two snapshots, per command. */
export function commandDelta(before: CommandCounts, after: CommandCounts): CommandCounts {
  const delta: CommandCounts = new Map();
  for (const [name, calls] of after) {
    const made = calls - (before.get(name) ?? 0);
    if (made > 0) delta.set(name, made);
  }
  return delta;
}

export const totalCalls = (counts: CommandCounts) => [...counts.values()].reduce((a, b) => a + b, 0);

/** Scripts started by clients: EVALSHA and EVAL (FCALL too, for completeness). */
export const scriptCalls = (counts: CommandCounts) =>
  ["evalsha", "eval", "evalsha_ro", "eval_ro", "fcall", "fcall_ro"].reduce((sum, n) => sum + (counts.get(n) ?? 0), 0);

export type MonitoredCommands = { client: number; lua: number; byCommand: Record<string, number> };

/** Watches every command Redis runs while `during` runs, telling those clients sent from those scripts made. */
export async function monitorCommands<T>(
  redisUrl: string,
  during: () => Promise<T>,
): Promise<{ result: T; commands: MonitoredCommands }> {
  const client = new Redis(redisUrl);
  // Connected first: its ready check (INFO) fed to the monitor in the same read as MONITOR's OK is a reply ioredis
  // cannot place ("Command queue state error"), which once stopped a run in CI.
  await client.ping();
  const monitor = await client.monitor();
  const commands: MonitoredCommands = { client: 0, lua: 0, byCommand: {} };
  monitor.on("monitor", (_time: string, args: string[], source: string) => {
    const name = String(args[0]).toLowerCase();
    if (source === "lua") {
      commands.lua++;
      return;
    }
    if (MEASURING.test(name)) return;
    commands.client++;
    commands.byCommand[name] = (commands.byCommand[name] ?? 0) + 1;
  });
  try {
    const result = await during();
    // MONITOR lines trail the replies a little.
    await new Promise((r) => setTimeout(r, 200));
    return { result, commands };
  } finally {
    monitor.disconnect();
    client.disconnect();
  }
}

/** Calls and microseconds Redis spent in each command (a script's usec includes the calls it makes). */
export type CommandUsage = Map<string, { calls: number; usec: number }>;

/** INFO commandstats with each command's time, the runner's own measuring commands left out. */
export function parseCommandUsage(info: string): CommandUsage {
  const usage: CommandUsage = new Map();
  for (const line of info.split("\n")) {
    const match = line.match(/^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/);
    if (match?.[1] && !MEASURING.test(match[1]))
      usage.set(match[1], { calls: Number(match[2]), usec: Number(match[3]) });
  }
  return usage;
}

/** The CPU time of the redis-server process, user + system, in µs (INFO cpu; CONFIG RESETSTAT does not reset it). */
export function parseRedisCpuUs(info: string): number {
  const field = (name: string) => Number(info.match(new RegExp(`^${name}:([\\d.]+)`, "m"))?.[1] ?? Number.NaN);
  return (field("used_cpu_user") + field("used_cpu_sys")) * 1e6;
}

/**
 * The commands lua/ calls from inside its scripts. commandstats counts each of those calls under its own name as
 * well as inside the script's usec, so a sum over every command would count that time twice.
 */
export const CALLED_BY_SCRIPTS = new Set(
  Object.values(luaSources).flatMap((source) =>
    [...source.matchAll(/redis\.call\('(\w+)'/g)].map((m) => (m[1] as string).toLowerCase()),
  ),
);

/**
 * Microseconds Redis spent on the commands clients sent: each script's usec (its own calls included) and every other
 * command's, leaving out the calls made from scripts (counted already). Our servers send none of those commands
 * themselves: everything they do to counters is a script.
 */
export function clientUsec(usage: CommandUsage): number {
  let usec = 0;
  for (const [name, u] of usage) if (!CALLED_BY_SCRIPTS.has(name)) usec += u.usec;
  return usec;
}
