// A connection that sat idle may be gone without the client knowing: Redis' own `timeout` closes it just as a check
// is on its way, and a load balancer or NAT that forgot an idle flow answers its next packet with a reset (AWS's NLB
// does so after 350 s). The check that packet carried never reached Redis, yet it fails with no way to tell whether
// it ran: on a plan that fails closed, a refusal (CI saw it: a thawed Lambda instance answered 503).
import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type RedisServer, startRedis } from "../../../dev/redis-server";
import { testSpec } from "../testing/test-spec";
import { IDLE_MS } from "./idle-connection";
import { createRedisStore } from "./redis-store";

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

/** How many PINGs Redis has answered (INFO commandstats), asked on a connection of the test's own. */
async function pingsReceived(): Promise<number> {
  const { Redis } = await import("ioredis");
  const client = new Redis(redis.url);
  try {
    return Number(/cmdstat_ping:calls=(\d+)/.exec(await client.info("commandstats"))?.[1] ?? 0);
  } finally {
    client.disconnect();
  }
}

/** A TCP proxy to Redis that forgets a flow idle for `idleMs`: its next packet is dropped and answered with a reset. */
async function idleFlowReset(port: number, idleMs: number) {
  let resets = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(port, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => sockets.delete(socket));
    }
    let lastPacket = performance.now();
    client.on("data", (chunk: Buffer) => {
      if (performance.now() - lastPacket > idleMs) {
        resets++;
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      lastPacket = performance.now();
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      lastPacket = performance.now();
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    resets: () => resets,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

test("the first check after an idle spell whose flow was forgotten is answered by Redis and counted once", async () => {
  // The flow is forgotten well before the store would ask whether its connection is still there.
  const proxy = await idleFlowReset(redis.port, IDLE_MS / 5);
  const store = createRedisStore({ url: proxy.url, timeoutMs: 10_000 });
  const subject = `idle-${process.pid}-${Date.now()}`;
  const limits = testSpec({ hour: 100 });
  try {
    await store.check(subject, limits, 1);
    for (let spell = 1; spell <= 2; spell++) {
      await sleep(IDLE_MS * 1.5);
      const after = await store.check(subject, limits, 1);
      expect(after.allowed).toBe(true);
      expect(after.limits.find((l) => l.name === "hour")?.remaining).toBe(99 - spell);
      // What the reset dropped was the store's question, not a check: each spell cost one reset, and nothing counted.
      expect(proxy.resets()).toBe(spell);
    }
    // Checks close together go on the connection as they are, without asking first.
    const pings = await pingsReceived();
    await store.check(subject, limits, 1);
    expect(await pingsReceived()).toBe(pings);
    expect((await store.usage(subject, limits)).limits.find((l) => l.name === "hour")?.remaining).toBe(96);
  } finally {
    await store.close();
    await proxy.close();
  }
});
