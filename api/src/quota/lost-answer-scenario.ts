// Test tooling: the store ran a batch of checks but its answer never came back (a reset connection, a load
// balancer or proxy dropping it). The checks counted once in Redis; sending them again would count them twice.
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import { expect } from "vitest";
import { subjectKey } from "./script-store";
import type { CounterStore } from "./store";

/**
 * A TCP proxy to `port` that, once armed, cuts the connection carrying the next answer instead of passing it on,
 * and counts what it forwards. It speaks no protocol, so it stands in front of Redis and of the Upstash endpoint.
 */
export async function answerDropper(port: number) {
  let armed = false;
  let requests = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => sockets.delete(socket));
    }
    client.on("data", (chunk) => {
      requests++;
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!armed) return client.write(chunk);
      armed = false;
      client.destroy();
      upstream.destroy();
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    /** Drops the next answer, and counts the writes that reach the store from now on. */
    dropNextAnswer() {
      armed = true;
      requests = 0;
    },
    get requests() {
      return requests;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Three checks leave together and their answer is lost: each fails (the plan's fail mode answers for it), Redis
 * ran them once, and nothing sends them again, then or after reconnecting; the next check counts as the fourth.
 */
export async function lostAnswer(
  store: CounterStore,
  dropper: Awaited<ReturnType<typeof answerDropper>>,
  redisUrl: string,
) {
  const { Redis } = await import("ioredis");
  const direct = new Redis(redisUrl);
  const subject = `lost-${process.pid}-${Date.now()}`;
  const limits = { capacity: null, perMinute: null, hour: 100, day: null };
  // Connected, and the script loaded: the three checks below go as one request.
  await store.check(`${subject}-first`, limits, 1);

  dropper.dropNextAnswer();
  const results = await Promise.allSettled([1, 2, 3].map(() => store.check(subject, limits, 1)));
  expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
  expect(dropper.requests).toBe(1);
  expect(await direct.hget(subjectKey(subject), "hc")).toBe("3");

  // A client that resends what was in flight once it reconnects would do it before this check's answer.
  const next = await store.check(subject, limits, 1);
  expect(next.limits.find((l) => l.name === "hour")?.remaining).toBe(96);
  expect(await direct.hget(subjectKey(subject), "hc")).toBe("4");
  direct.disconnect();
}
