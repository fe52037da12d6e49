import { Cluster, Redis } from "ioredis";
import { describe, expect, test } from "vitest";
import { startCluster, startRedis } from "./redis-server";

describe("redis-server harness (integration, needs redis-server)", () => {
  test("a single server answers, survives a kill and restart on the same port", async () => {
    const server = await startRedis();
    const client = new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.set("k", "v");
    expect(await client.get("k")).toBe("v");
    await server.kill();
    await server.restart();
    expect(await client.get("k")).toBeNull();
    client.disconnect();
    await server.stop();
  });

  test("three servers form a Cluster", async () => {
    const cluster = await startCluster(3);
    const client = new Cluster(cluster.seeds.map((s) => ({ host: "127.0.0.1", port: Number(s.split(":")[1]) })));
    for (let i = 0; i < 20; i++) await client.set(`key-${i}`, String(i));
    expect(await client.get("key-7")).toBe("7");
    client.disconnect();
    await cluster.stop();
  }, 60_000);
});
