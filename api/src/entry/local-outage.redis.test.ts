// failMode "local" on three Node servers sharing one counter store (testing/local-outage-scenario.ts): Redis stalled
// with SIGSTOP, killed with SIGKILL, a Cluster's master stalled, and the Upstash endpoint stopped.
import { connect, createServer, type Socket } from "node:net";
import Redis from "ioredis";
import { afterAll, describe, expect, test } from "vitest";
import { freePort, startCluster, startRedis } from "../../dev/redis-server";
import { callServer, startServer } from "../../dev/server-process";
import { startUpstashEndpoint, type UpstashEndpoint } from "../../dev/upstash-endpoint";
import { tempDatabaseUrl } from "../testing/temp-database";
import { ADMIN, heldToShares, type Outage } from "./testing/local-outage-scenario";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function onThreeServers(outage: Outage, lastEnv: Record<string, string> = {}) {
  const database = tempDatabaseUrl("local-outage");
  const env = { ...outage.env, DATABASE_URL: database, ADMIN_TOKEN: ADMIN, STORE_TIMEOUT_MS: "500" };
  const first = await startServer(env);
  const servers = [first, ...(await Promise.all([startServer(env), startServer({ ...env, ...lastEnv })]))];
  cleanups.push(...servers.map((server) => () => server.kill()));
  return heldToShares(servers, outage);
}

/** A TCP way to Redis that the test can cut (every connection closed, new ones refused) and mend. */
async function cuttableWay(to: number) {
  const port = await freePort();
  const open = new Set<Socket>();
  let cut = false;
  const server = createServer((socket) => {
    if (cut) return socket.destroy();
    const redis = connect(to, "127.0.0.1");
    for (const end of [socket, redis]) {
      open.add(end);
      end.on("error", () => {});
      end.on("close", () => {
        open.delete(end);
        socket.destroy();
        redis.destroy();
      });
    }
    socket.pipe(redis).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    mend() {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
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

  // Found on a Cluster (its masters stopped, each server's connection back at its own time): the servers back first,
  // their grace over, let the store decide on counts that lacked what the last one had allowed by its share.
  test("Redis stalled, and one server's way to it cut seconds longer than the others'", async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const way = await cuttableWay(redis.port);
    cleanups.push(() => way.close());
    let mended: Promise<void> | undefined;
    const held = await onThreeServers(
      {
        env: { REDIS_URL: redis.url },
        begin() {
          redis.pause();
          way.cut();
        },
        end() {
          redis.resume();
          // Longer than a tick and the grace after it: the other two are back on the store meanwhile.
          mended = new Promise((r) => setTimeout(r, 6000)).then(() => way.mend());
        },
      },
      { REDIS_URL: way.url },
    );
    await mended;
    console.log("one server cut off longer", held);
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

describe("a server started while Redis is down (integration, needs redis-server)", () => {
  // Contract section 5: a plan failing local answers 200 or 429 decided by the server alone. This one never counted
  // the servers sharing the store, so as far as it knows it is alone: the whole limit is its share.
  test("answers each plan by its fail mode from its first check: local limits alone, and the store counts it once back", async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    await redis.kill();
    const server = await startServer({
      REDIS_URL: redis.url,
      DATABASE_URL: tempDatabaseUrl("down-at-start"),
      ADMIN_TOKEN: ADMIN,
      STORE_TIMEOUT_MS: "500",
    });
    cleanups.push(() => server.kill());
    const api = (method: string, path: string, body?: unknown, token = ADMIN) =>
      callServer(server, token, method, path, body);
    const keyOn = async (failMode: string) => {
      expect((await api("POST", "/v1/plans", { id: failMode, name: failMode, perHour: 3, failMode })).status).toBe(201);
      const customer = (await api("POST", "/v1/customers", { name: failMode, planId: failMode })).json.id;
      return { customer, key: (await api("POST", `/v1/customers/${customer}/keys`)).json.key };
    };
    const local = await keyOn("local");
    const open = await keyOn("open");
    const closed = await keyOn("closed");

    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await api("POST", "/v1/check", { key: local.key }));
    expect(answers.map((a) => [a.status, a.json.degraded, a.json.reason])).toEqual([
      [200, true, "store_unavailable"],
      [200, true, "store_unavailable"],
      [200, true, "store_unavailable"],
      [429, true, "store_unavailable"],
    ]);
    expect((await api("POST", "/v1/check", { key: open.key })).json).toMatchObject({ allowed: true, degraded: true });
    const refused = await api("POST", "/v1/check", { key: closed.key });
    expect([refused.status, refused.json.error.code]).toEqual([503, "store_unavailable"]);

    // Back (empty): what the server allowed alone is added to the store's counts.
    await redis.restart();
    let remaining: number | undefined;
    for (const deadline = Date.now() + 30_000; remaining !== 0 && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 200));
      const usage = await api("GET", `/v1/customers/${local.customer}/usage`);
      remaining = usage.status === 200 ? usage.json.limits[0].remaining : undefined;
    }
    expect(remaining).toBe(0);
  }, 120_000);
});
