import { execFile } from "node:child_process";
import { type AddressInfo, createServer, type Server } from "node:net";
import { promisify } from "node:util";
import { Cluster, Redis } from "ioredis";
import { describe, expect, test } from "vitest";
import { freePort, startCluster, startRedis } from "./redis-server";

const execFileAsync = promisify(execFile);

const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer().once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });

/** A free port whose port + 10000 this test holds. */
async function portWithBusTaken(): Promise<{ port: number; held: Server }> {
  for (;;) {
    const port = await freePort();
    if (port + 10_000 > 65_535) continue;
    try {
      return { port, held: await listen(port + 10_000) };
    } catch {}
  }
}

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

  // CI once failed here: a Cluster node's bus listens at port + 10000 unless told otherwise, and that port was
  // another test's server, so redis-server exited and the harness waited ten seconds for a PING.
  test("a Cluster node starts when port + 10000, its default bus port, is taken", async () => {
    const { port, held } = await portWithBusTaken();
    try {
      const node = await startRedis({ port, cluster: true });
      try {
        const { stdout } = await execFileAsync("redis-cli", ["-p", String(node.port), "CLUSTER", "MYID"]);
        expect(stdout.trim()).toMatch(/^[0-9a-f]{40}$/);
      } finally {
        await node.stop();
      }
    } finally {
      held.close();
    }
  });

  test("a port taken between its pick and redis-server's bind is picked again", async () => {
    const held = await listen(0);
    const taken = (held.address() as AddressInfo).port;
    let picks = 0;
    const server = await startRedis({ pickPort: () => (picks++ === 0 ? Promise.resolve(taken) : freePort()) });
    const client = new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      expect(server.port).not.toBe(taken);
      expect(picks).toBeGreaterThan(1);
      expect(await client.ping()).toBe("PONG");
    } finally {
      client.disconnect();
      await server.stop();
      held.close();
    }
  });

  test("a port given and taken fails at once with redis-server's reason", async () => {
    const held = await listen(0);
    const port = (held.address() as AddressInfo).port;
    await expect(startRedis({ port })).rejects.toThrow(/Address already in use/);
    held.close();
  });
});
