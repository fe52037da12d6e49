// Everything a run starts: Redis, the development Upstash endpoint, each system as its own process, and the seed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RedisServer, startRedis } from "../api/dev/redis-server";
import { startUpstashEndpoint, type UpstashEndpoint } from "../api/dev/upstash-endpoint";
import { onCleanUp, type ServerProcess, startServer } from "./processes";
import { OPEN_LIMITS, type Seed, seed } from "./seed";
import { onWorkerd, type RunContext, SYSTEMS, type System, type SystemId } from "./systems";
import { startPeerWorker, startWorkerSystem, type WorkerStart } from "./worker/start";

export type Fleet = {
  redis: RedisServer;
  servers: Map<SystemId, ServerProcess>;
  /** The customers, keys and token of the Node services, which share one config store. */
  seed: Seed;
  /** The Worker's start: its own seed (its config is in D1), its cold starts and its bundle's size. */
  worker: Omit<WorkerStart, "server"> | undefined;
  /** Where the profiled system writes its CPU profile, when one is. */
  profileDir?: string;
};

/** Starts the fleet; whatever started is stopped by `cleanUp`, whenever and however the run ends. */
export async function startFleet(options: {
  customers: number;
  profile: SystemId | undefined;
  rounds: number;
}): Promise<Fleet> {
  const dir = mkdtempSync(join(tmpdir(), "bouncer-bench-"));
  const servers = new Map<SystemId, ServerProcess>();
  let redis: RedisServer | undefined;
  let upstash: UpstashEndpoint | undefined;
  const stop = async () => {
    await Promise.allSettled([...servers.values()].map((s) => s.stop()));
    await upstash?.close().catch(() => {});
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  onCleanUp(stop);
  redis = await startRedis();
  upstash = await startUpstashEndpoint({ redisUrl: redis.url });
  const ctx: RunContext = {
    // One SQLite file for the run, shared by the three services as the config store of one deployment.
    databaseUrl: `file:${join(dir, "bench.db")}`,
    adminToken: `bench-admin-${process.pid}`,
    redisUrl: redis.url,
    upstash: { url: upstash.url, token: upstash.token },
    limits: OPEN_LIMITS,
  };
  // Kept after the run, so the profile can be opened in Chrome DevTools too.
  const profileDir = options.profile ? mkdtempSync(join(tmpdir(), "bouncer-profile-")) : undefined;
  const start = async (system: System) => {
    const profiled = profileDir !== undefined && system.id === options.profile;
    servers.set(
      system.id,
      await startServer({
        name: system.label,
        script: system.script,
        env: system.env(ctx),
        nodeArgs: profiled ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
      }),
    );
  };
  const onNode = SYSTEMS.filter((s) => !onWorkerd(s));
  const [first, ...rest] = onNode.filter((s) => s.bouncer);
  // The first service creates the database; the others then start on it one by one, never migrating at once.
  await start(first as System);
  await Promise.all([
    (async () => {
      for (const system of rest) await start(system);
    })(),
    ...onNode.filter((s) => !s.bouncer).map(start),
  ]);
  const url = (servers.get("memory") as ServerProcess).url;
  const seeded = await seed(url, ctx.adminToken, options.customers);
  // Last, once the others are up and idle: its cold starts are timed, and would count the others' start-up.
  const workerSystem = SYSTEMS.find((s) => s.script === "workerd");
  if (!workerSystem || (options.profile && options.profile !== workerSystem.id)) {
    return { redis, servers, seed: seeded, worker: undefined, profileDir };
  }
  const { server, ...worker } = await startWorkerSystem({
    name: workerSystem.label,
    dir,
    vars: workerSystem.env(ctx),
    adminToken: ctx.adminToken,
    customers: options.customers,
    // One a round, as many as the other measurements take.
    coldStarts: options.rounds,
  });
  servers.set(workerSystem.id, server);
  // The peer Workers in the same setup, started after the Worker's cold starts for the same reason.
  for (const peer of SYSTEMS.filter((s) => s.script.startsWith("workerd:"))) {
    const entry = peer.script.slice("workerd:".length);
    servers.set(peer.id, await startPeerWorker({ name: peer.label, entry, dir, vars: peer.env(ctx) }));
  }
  return { redis, servers, seed: seeded, worker, profileDir };
}

/** The seed whose keys and token a system answers to. */
export const seedOf = (fleet: Fleet, id: SystemId): Seed =>
  id === "worker" && fleet.worker ? fleet.worker.seed : fleet.seed;
