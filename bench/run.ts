// npm run bench: Bouncer with each counter store beside its peers, measured in interleaved rounds (contract section 9).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { formatAlerts, runAlerts } from "./alerts";
import { chartSvg } from "./chart";
import { startFleet } from "./fleet";
import { formatHotKeys, runHotKeys } from "./hot-keys";
import { formatLeases, runLeases } from "./leases";
import { type LoadClient, startLoad } from "./load/client";
import { type CommandsPerCheck, createMeasure, type LatencyRound, type SaturationRound } from "./measure";
import { parseOptions, type Scenario } from "./options";
import { formatOutage, runOutage } from "./outage";
import { cleanUp, killAll, peakRssMiB, type ServerProcess } from "./processes";
import { profileClockUs, summarizeDir } from "./profile-summary";
import { buildResults, formatResults, type Results } from "./report";
import { formatScale } from "./scale/format";
import { runScale } from "./scale/scale";
import { median } from "./stats";
import { SYSTEMS, type System, type SystemId } from "./systems";

const options = (() => {
  try {
    return parseOptions(process.argv.slice(2));
  } catch (error) {
    // A bad option or environment variable: one line that says which, nothing started.
    console.error(`[bench] ${(error as Error).message}`);
    process.exit(2);
  }
})();
const log = (message: string) => console.error(`[bench] ${message}`);

const resultsFile = join(options.outDir, "results.json");
const kept = (): Partial<Results> =>
  existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, "utf8")) as Partial<Results>) : {};

/** What `--only <scenario>` runs, the section of results.json it replaces, and its report. */
const ONLY: Record<Scenario, (load: LoadClient) => Promise<{ section: keyof Results; value: unknown; text: string }>> =
  {
    "hot-keys": async (load) => {
      const value = await runHotKeys(load, options, log);
      return { section: "hotKeys", value, text: formatHotKeys(value) };
    },
    alerts: async () => {
      const value = await runAlerts(options, log);
      return { section: "alerts", value, text: formatAlerts(value) };
    },
    leases: async () => {
      const value = await runLeases(options, log);
      return { section: "leases", value, text: formatLeases(value) };
    },
    scale: async (load) => {
      const value = await runScale(load, options, log);
      return { section: "scale", value, text: formatScale(value) };
    },
    outage: async (load) => {
      const value = await runOutage(load, options, log);
      return { section: "outage", value, text: formatOutage(value) };
    },
  };

/** `--only <scenario>`: the scenario alone; its section of results.json is replaced, the rest of the file kept. */
async function only(scenario: Scenario): Promise<void> {
  const { section, value, text } = await ONLY[scenario](startLoad());
  const results = { ...kept(), [section]: value };
  mkdirSync(options.outDir, { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${text}\n`);
  log(`wrote the ${section} section of ${resultsFile}`);
}

async function main(): Promise<void> {
  const loadAverageAtStart = loadavg()[0] ?? 0;
  if (options.only) return only(options.only);
  log(`starting Redis, the Upstash endpoint, ${SYSTEMS.length} servers, and ${options.customers} customers`);
  const fleet = await startFleet(options);
  const load = startLoad();
  const measure = createMeasure(fleet, load, options);
  const systems = options.profile ? SYSTEMS.filter((s) => s.id === options.profile) : SYSTEMS;

  for (const system of systems) await measure.warmUp(system);

  const saturation = new Map<SystemId, SaturationRound[]>();
  const latency = new Map<SystemId, LatencyRound[]>();
  const push = <T>(map: Map<SystemId, T[]>, system: System, value: T) =>
    map.set(system.id, [...(map.get(system.id) ?? []), value]);

  // Rounds interleave the systems (A B C…, A B C…), so a slow moment of the machine does not fall on one system.
  const roundsFromUs = profileClockUs();
  for (let round = 1; round <= options.rounds; round++) {
    for (const system of systems) {
      const result = await measure.saturation(system);
      push(saturation, system, result);
      log(`saturation ${round}/${options.rounds} ${system.label}: ${Math.round(result.checksPerSec)} checks/s`);
    }
  }

  if (options.profile && fleet.profileDir) {
    // The profile is written as the process exits.
    const window = { fromUs: roundsFromUs, toUs: profileClockUs() };
    await (fleet.servers.get(options.profile) as ServerProcess).stop();
    const summary = summarizeDir(fleet.profileDir, 15, window);
    console.log(`\nCPU profile of ${options.profile} in ${fleet.profileDir}, its saturation rounds\n\n${summary}`);
    return;
  }

  const slowest = Math.min(...systems.map((s) => median((saturation.get(s.id) ?? []).map((r) => r.checksPerSec))));
  const latencyRate = Math.max(1, Math.round(slowest / 2));
  for (let round = 1; round <= options.rounds; round++) {
    for (const system of systems) {
      const result = await measure.latency(system, latencyRate);
      push(latency, system, result);
      log(
        `latency ${round}/${options.rounds} ${system.label}: p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms`,
      );
    }
  }

  // Issue 7's latency target: the Redis store at half of its own saturation, a load it must carry with room to spare.
  // The floor runs at the same rate beside it: what the machine allows any design that goes to Redis. The bare
  // server runs at half of *its own* saturation: the same point of its own curve, with no work at all, which tells
  // what the machine allows any Node server there.
  const halfOf = (id: SystemId) =>
    Math.max(1, Math.round(median((saturation.get(id) ?? []).map((r) => r.checksPerSec)) / 2));
  const halfLoadRate = halfOf("redis");
  const halfLoad = (
    [
      ["redis", "redis"],
      ["floor", "redis"],
      ["bare", "bare"],
    ] as const
  )
    .filter(([id]) => systems.some((s) => s.id === id))
    .map(([id, halfOfId]) => ({
      system: SYSTEMS.find((s) => s.id === id) as System,
      halfOf: halfOfId,
      rate: halfOf(halfOfId),
      rounds: [] as LatencyRound[],
    }));
  for (let round = 1; round <= options.rounds; round++) {
    for (const { system, halfOf: whose, rate, rounds } of halfLoad) {
      const result = await measure.latency(system, rate);
      rounds.push(result);
      log(
        `latency ${round}/${options.rounds} ${system.label} at half ${whose === system.id ? "its own" : "the Redis store's"} saturation, ${rate} checks/s: p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms`,
      );
    }
  }

  const commands = new Map<SystemId, CommandsPerCheck>();
  for (const system of systems.filter((s) => s.redis)) commands.set(system.id, await measure.commands(system));

  const deny = await measure.deny(SYSTEMS.find((s) => s.id === "redis") as System);

  const storeTrouble: Partial<Record<SystemId, number>> = {};
  for (const system of systems.filter((s) => s.bouncer)) storeTrouble[system.id] = await measure.storeTrouble(system);
  const peakRss = new Map(
    systems.map((s) => [s.id, peakRssMiB((fleet.servers.get(s.id) as ServerProcess).serverPids())]),
  );

  // Last, on a redis-server and servers of its own, while the fleet's stay idle.
  const hotKeys = await runHotKeys(load, options, log);
  // Then the outage, on its own redis-server and servers too (about a minute, like the hot keys).
  const outage = await runOutage(load, options, log);
  // And what alert thresholds cost Redis, on a redis-server of its own (a few seconds).
  const alerts = await runAlerts(options, log);
  // And what leases cost Redis, on a redis-server of its own (about a minute).
  const leases = await runLeases(options, log);

  const results = buildResults(
    {
      saturation,
      latency,
      latencyRate,
      halfLoad: {
        rate: halfLoadRate,
        systems: halfLoad.map(({ system, halfOf: whose, rate, rounds }) => ({
          system: system.id,
          halfOf: whose,
          rate,
          rounds,
        })),
      },
      commands,
      peakRssMiB: peakRss,
      deny,
      storeTrouble,
      loadAverageAtStart,
      worker: fleet.worker,
    },
    options,
  );
  results.hotKeys = hotKeys;
  results.outage = outage;
  results.alerts = alerts;
  results.leases = leases;
  // The scale scenario runs only with --only scale (it takes longer than the rest together): its last figures stay.
  const { scale } = kept();
  if (scale) results.scale = scale;
  mkdirSync(options.outDir, { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(options.outDir, "results.svg"), chartSvg(results));
  console.log(`\n${formatResults(results)}\n`);
  log(`wrote ${resultsFile} and results.svg`);
}

// Ctrl-C or a kill stops every process the bench started before leaving; a second Ctrl-C leaves at once.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(130);
    stopping = true;
    log(`${signal}: stopping every process the bench started`);
    void cleanUp().finally(() => process.exit(130));
  });
}
process.on("exit", killAll);

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
