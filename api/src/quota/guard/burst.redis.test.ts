// A burst on a healthy Redis (issue 15): what Redis answered while a server was busy is an answer, not a timeout.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RedisServer, startRedis } from "../../../dev/redis-server";
import { callServer, type ServerProcess, startServer } from "../../../dev/server-process";
import { tempDatabaseUrl } from "../../testing/temp-database";

const ADMIN = "burst-test-admin-token";
const CHECKS = 600;
const BURST = 50;

const api = (server: ServerProcess, method: string, path: string, body?: unknown, token = ADMIN) =>
  callServer(server, token, method, path, body);

describe("a burst of checks on one healthy redis-server (integration, needs redis-server)", () => {
  let redis: RedisServer;
  let servers: ServerProcess[] = [];
  let service = "";
  // Every check at once, spread over the three servers in turn.
  const burst = (key: string) =>
    Promise.all(
      Array.from({ length: CHECKS }, (_, i) =>
        api(servers[i % servers.length] as ServerProcess, "POST", "/v1/check", { key }, service),
      ),
    );

  // A stalled burst may have opened a server's breaker: the next starts once every server has said the store is back.
  const breakersClosed = async () => {
    const count = (text: string, line: string) => text.split(line).length - 1;
    const open = () =>
      servers.some((s) => count(s.output(), "counter store unavailable") > count(s.output(), "counter store back"));
    while (open()) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  beforeAll(async () => {
    redis = await startRedis();
    const database = tempDatabaseUrl("burst");
    // The default budget, not a generous one: it is what is under test.
    const env = { REDIS_URL: redis.url, DATABASE_URL: database, ADMIN_TOKEN: ADMIN, STORE_TIMEOUT_MS: "100" };
    const first = await startServer(env);
    servers = [first, ...(await Promise.all([startServer(env), startServer(env)]))];
    service = (await api(first, "POST", "/v1/tokens", { name: "svc", role: "service" })).json.token;
    // A first burst on a roomy plan opens the 600 connections and warms the servers up, so that the bursts measured
    // arrive at once, as from clients already connected.
    await api(first, "POST", "/v1/plans", { id: "roomy", name: "Roomy", perMinute: 100_000 });
    const customer = (await api(first, "POST", "/v1/customers", { name: "warm", planId: "roomy" })).json.id;
    const key = (await api(first, "POST", `/v1/customers/${customer}/keys`)).json.key;
    await burst(key);
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.kill();
    await redis?.stop();
  });

  // perMinute 1 refills one check a minute: none during the burst, so the bucket allows exactly its 50.
  // A check is degraded (or, failing closed, refused 503) only when Redis itself answered after the budget: issue 15's
  // fault did that to 11-217 of the 600 in every burst. On a machine shared with the rest of the suite, Redis can be
  // descheduled past 100 ms now and then, so up to three bursts are made, each on a customer of its own, and one
  // without a single late answer must come: the fault fails all three, a stalled machine not every time.
  test.each(["open", "closed"] as const)(
    "fail %s: 600 concurrent checks over three servers allow exactly the burst, none degraded",
    async (failMode) => {
      const first = servers[0] as ServerProcess;
      await api(first, "POST", "/v1/plans", { id: failMode, name: failMode, burst: BURST, perMinute: 1, failMode });
      const tries: Record<string, number>[] = [];
      for (let attempt = 1; attempt <= 3; attempt++) {
        const outputBefore = servers.map((server) => server.output().length);
        const name = `${failMode}-${attempt}`;
        const customer = (await api(first, "POST", "/v1/customers", { name, planId: failMode })).json.id;
        const key = (await api(first, "POST", `/v1/customers/${customer}/keys`)).json.key;

        const results = await burst(key);
        const tally = {
          allowed: results.filter((r) => r.status === 200 && r.json.degraded === false).length,
          degraded: results.filter((r) => r.json.degraded === true).length,
          denied: results.filter((r) => r.status === 429).length,
          unavailable: results.filter((r) => r.status === 503).length,
        };
        console.log(`burst, fail ${failMode}, try ${attempt}`, tally);
        tries.push(tally);
        if (tally.degraded + tally.unavailable > 0 && attempt < 3) {
          await breakersClosed();
          continue;
        }

        expect(tally, `every try: ${JSON.stringify(tries)}`).toEqual({
          allowed: BURST,
          degraded: 0,
          denied: CHECKS - BURST,
          unavailable: 0,
        });
        // What Redis counted agrees: the bucket is empty.
        const usage = await api(first, "GET", `/v1/customers/${customer}/usage`, undefined, service);
        expect(usage.json.limits[0]).toMatchObject({ name: "burst", limit: BURST, remaining: 0 });
        servers.forEach((server, i) => {
          expect(server.output().slice(outputBefore[i])).not.toContain("no answer within");
        });
        return;
      }
    },
    60_000,
  );
});
