// failMode "local" on three Node servers sharing one counter store (testing/local-outage-scenario.ts): Redis stalled
// with SIGSTOP, killed with SIGKILL, a Cluster's master stalled, and the Upstash endpoint stopped.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Redis from "ioredis";
import { afterAll, describe, test } from "vitest";
import { startCluster, startRedis } from "../../dev/redis-server";
import { startServer } from "../../dev/server-process";
import { startUpstashEndpoint, type UpstashEndpoint } from "../../dev/upstash-endpoint";
import { ADMIN, heldToShares, type Outage } from "./testing/local-outage-scenario";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function onThreeServers(outage: Outage) {
  const database = `file:${join(mkdtempSync(join(tmpdir(), "bouncer-local-outage-")), "quota.db")}`;
  const env = { ...outage.env, DATABASE_URL: database, ADMIN_TOKEN: ADMIN, STORE_TIMEOUT_MS: "500" };
  const first = await startServer(env);
  const servers = [first, ...(await Promise.all([startServer(env), startServer(env)]))];
  cleanups.push(...servers.map((server) => () => server.kill()));
  return heldToShares(servers, outage);
}

describe("a plan failing local, three servers on one store (integration, needs redis-server)", () => {
  test("Redis stalled with SIGSTOP, then SIGCONT", async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const held = await onThreeServers({
      env: { REDIS_URL: redis.url },
      begin: () => redis.pause(),
      end: () => redis.resume(),
    });
    console.log("redis SIGSTOP", held);
  }, 180_000);

  test("Redis killed with SIGKILL, then started again (its append-only file keeps what it had counted)", async () => {
    const redis = await startRedis({ args: ["--appendonly", "yes", "--appendfsync", "always"] });
    cleanups.push(() => redis.stop());
    const held = await onThreeServers({
      env: { REDIS_URL: redis.url },
      begin: () => redis.kill(),
      end: () => redis.restart(),
    });
    console.log("redis SIGKILL", held);
  }, 180_000);

  test("a Redis Cluster with the customer's master stalled", async () => {
    const cluster = await startCluster(3);
    cleanups.push(() => cluster.stop());
    let paused: (() => void) | undefined;
    const held = await onThreeServers({
      env: { REDIS_CLUSTER_NODES: cluster.seeds.join(",") },
      async begin(customer) {
        // The master that serves the customer's slot (all its counters are under one hash tag).
        const probe = new Redis(cluster.nodes[0]?.port as number);
        const slot = Number(await probe.call("CLUSTER", "KEYSLOT", `rl:{${customer}}`));
        const ranges = (await probe.call("CLUSTER", "SLOTS")) as [number, number, [string, number]][];
        probe.disconnect();
        const port = ranges.find(([from, to]) => from <= slot && slot <= to)?.[2][1];
        const node = cluster.nodes.find((n) => n.port === port);
        if (!node) throw new Error(`no master serves slot ${slot}`);
        node.pause();
        paused = () => node.resume();
      },
      end: () => paused?.(),
    });
    console.log("cluster master SIGSTOP", held);
  }, 180_000);

  test("Upstash: the REST endpoint stopped, then started again on its port", async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    let endpoint: UpstashEndpoint = await startUpstashEndpoint({ redisUrl: redis.url });
    cleanups.push(() => endpoint.close());
    const { port, token } = endpoint;
    const held = await onThreeServers({
      env: { UPSTASH_REDIS_REST_URL: endpoint.url, UPSTASH_REDIS_REST_TOKEN: token },
      begin: () => endpoint.close(),
      async end() {
        endpoint = await startUpstashEndpoint({ redisUrl: redis.url, port, token });
      },
    });
    console.log("upstash endpoint stopped", held);
  }, 180_000);
});
