// One size of the scale scenario as it runs: a redis-server and one Bouncer server of its own, the config store
// seeded with the customers before the server opens it, and what is read of their memory.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { startRedis } from "../../api/dev/redis-server";
import { onCleanUp, rssBytes, type ServerProcess, startServer } from "../processes";
import { admin, OPEN_LIMITS } from "../seed";
import { STORE_TIMEOUT_MS } from "../systems";
import { type SeedResult, seedCustomers } from "./seed-db";

export const PLAN = "bench-open";

export type Deployment = {
  server(): ServerProcess;
  adminToken: string;
  serviceToken: string;
  redis: Redis;
  seed: SeedResult;
  /** How long the server took from spawn to /readyz on the seeded database. */
  startSeconds: number;
  /**
   * Starts the server again if it has exited or does not answer /readyz within 10 s, and says why it did (its exit and
   * last words), or null when it answered.
   */
  revive(): Promise<string | null>;
  /** Stops the server and starts it again, cold: a request the runner gave up on would otherwise go on. */
  restart(): Promise<void>;
  /** Stops the server and redis-server and removes the database; safe to call twice. */
  close(): Promise<void>;
};

export type MemoryReading = {
  rssBytes: number;
  /**
   * V8's old space in use: what a cache holds has moved there after two young collections, while the young space
   * holds up to tens of MB of garbage at any moment (a third of a kilobyte per key at 100,000 keys).
   */
  oldSpaceUsedBytes: number;
  redisUsedBytes: number;
  redisKeys: number;
};

/**
 * A redis-server, and a server that makes the schema (its own migrations), the plan and the service token through
 * the admin API and then leaves the file to the seed; then the server again, on `customers` customers.
 */
export async function deploy(customers: number, log: (message: string) => void): Promise<Deployment> {
  const dir = mkdtempSync(join(tmpdir(), "bouncer-scale-"));
  const redisServer = await startRedis();
  const redis = new Redis(redisServer.url);
  let server: ServerProcess | undefined;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    redis.disconnect();
    await server?.stop();
    await redisServer.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  onCleanUp(close);
  const adminToken = `bench-scale-admin-${process.pid}`;
  const databaseUrl = `file:${join(dir, "scale.db")}`;
  const env = {
    DATABASE_URL: databaseUrl,
    ADMIN_TOKEN: adminToken,
    STORE_TIMEOUT_MS,
    COUNTER_STORE: "redis",
    REDIS_URL: redisServer.url,
  };
  const start = async () =>
    startServer({
      name: `Bouncer, ${customers.toLocaleString("en-US")} customers`,
      script: "api/src/entry/node.ts",
      env,
    });

  server = await start();
  await admin(server.url, adminToken, "/v1/plans", { id: PLAN, name: "Bench: never denies", ...OPEN_LIMITS });
  const { token } = await admin<{ token: string }>(server.url, adminToken, "/v1/tokens", {
    name: "bench scale",
    role: "service",
  });
  await server.stop();
  server = undefined;

  log(`scale ${customers.toLocaleString("en-US")}: seeding`);
  const seed = await seedCustomers(databaseUrl, customers, PLAN);
  log(
    `scale ${customers.toLocaleString("en-US")}: seeded in ${seed.seconds.toFixed(1)} s (${Math.round(seed.databaseBytes / 2 ** 20)} MiB); starting the server`,
  );
  const started = performance.now();
  server = await start();
  const startSeconds = (performance.now() - started) / 1000;

  return {
    server: () => server as ServerProcess,
    adminToken,
    serviceToken: token,
    redis,
    seed,
    startSeconds,
    async revive() {
      const current = server as ServerProcess;
      let why = "it did not answer /readyz within 10 s";
      try {
        current.assertRunning();
        const ready = await fetch(`${current.url}/readyz`, { signal: AbortSignal.timeout(10_000) }).then(
          (res) => res.ok,
          () => false,
        );
        if (ready) return null;
      } catch (error) {
        why = (error as Error).message.split("\n")[0] ?? "it exited";
      }
      await current.stop();
      const lastWords = current.output().trim().split("\n").slice(-3).join(" | ");
      server = await start();
      return `${why}; its last words: ${lastWords}`;
    },
    async restart() {
      await server?.stop();
      server = await start();
    },
    close,
  };
}

/** The server's resident set (/proc) and V8 old space in use (its /metrics), and Redis's memory (INFO) and keys. */
export async function readMemory(deployment: Deployment): Promise<MemoryReading> {
  const server = deployment.server();
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  const old = metrics.match(/^nodejs_heap_space_size_used_bytes\{space="old"\} (\d+)/m)?.[1];
  const info = await deployment.redis.info("memory");
  return {
    rssBytes: rssBytes(server.pid),
    oldSpaceUsedBytes: Number(old ?? Number.NaN),
    redisUsedBytes: Number(info.match(/^used_memory:(\d+)/m)?.[1] ?? Number.NaN),
    redisKeys: await deployment.redis.dbsize(),
  };
}
