// Test tooling: the store ran a batch of checks but its answer never came back (a reset connection, a load
// balancer or proxy dropping it, a Cluster node failing). The checks counted once in Redis; sending them again
// would count them twice.
import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net";
import { expect } from "vitest";
import type { CounterStore } from "../store";
import { subjectKey } from "../stores/script-store";
import { testSpec } from "./test-spec";

/**
 * TCP proxies, one to each of `ports`, that once armed with a marker cut the connection whose request names it,
 * whichever proxy carries it, as its answer comes back, instead of passing the answer on. Only that answer: a client's
 * own traffic meanwhile (ioredis asks a new connection for INFO; a Cluster client refreshes its slots) passes, where
 * dropping "the next answer" once dropped an INFO and left the checks answered. They speak no protocol, so they stand
 * in front of Redis, of each node of a Cluster, and of the Upstash endpoint.
 */
export async function answerDroppers(ports: number[]) {
  let marker: string | null = null;
  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  for (const port of ports) {
    const server = createServer((client) => {
      const upstream = connect(port, "127.0.0.1");
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("error", () => {});
        socket.on("close", () => sockets.delete(socket));
      }
      let dropAnswer = false;
      client.on("data", (chunk: Buffer) => {
        if (marker !== null && chunk.includes(marker)) {
          marker = null;
          dropAnswer = true;
        }
        upstream.write(chunk);
      });
      upstream.on("data", (chunk) => {
        if (!dropAnswer) return client.write(chunk);
        client.destroy();
        upstream.destroy();
      });
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
  }
  return {
    /** The proxies' ports, in the order of `ports`. */
    ports: servers.map((server) => (server.address() as AddressInfo).port),
    /** Cuts the connection of the next request that contains `text` when its answer comes. */
    dropAnswerTo(text: string) {
      marker = text;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}

/**
 * Three checks leave together and their answer is lost: each fails (the plan's fail mode answers for it), Redis
 * ran them once, and nothing sends them again, then or after reconnecting; the next check counts as the fourth.
 * `hourCount` reads a counters hash's hour count straight from Redis.
 */
export async function lostAnswer(
  store: CounterStore,
  droppers: { dropAnswerTo(text: string): void },
  hourCount: (key: string) => Promise<string | null>,
) {
  const subject = `lost-${process.pid}-${Date.now()}`;
  const limits = testSpec({ capacity: null, perMinute: null, hour: 100, day: null });
  // Connected, and the script loaded: the three checks below go as one request.
  await store.check(subject, limits, 1);

  droppers.dropAnswerTo(subjectKey(subject));
  const results = await Promise.allSettled([1, 2, 3].map(() => store.check(subject, limits, 1)));
  expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
  expect(await hourCount(subjectKey(subject))).toBe("4");

  // A client that resends what was in flight once it reconnects would do it before this check's answer.
  const next = await store.check(subject, limits, 1);
  expect(next.limits.find((l) => l.name === "hour")?.remaining).toBe(95);
  expect(await hourCount(subjectKey(subject))).toBe("5");
}
