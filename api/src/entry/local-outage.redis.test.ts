// failMode "local" on real processes (contract section 5, "When the store is down"; issue 29): three API servers
// share one counter store that the test stalls (SIGSTOP), kills (SIGKILL) or stops; each server keeps every customer
// to its share of what was left, and once the store is back its counts hold every check allowed meanwhile, exactly.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Redis from "ioredis";
import { afterAll, describe, expect, test } from "vitest";
import { startCluster, startRedis } from "../../dev/redis-server";
import { callServer, type ServerProcess, startServer } from "../../dev/server-process";
import { startUpstashEndpoint, type UpstashEndpoint } from "../../dev/upstash-endpoint";

const ADMIN = "local-outage-test-admin-token";
const PER_DAY = 300;
const USED = 60;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const api = (server: ServerProcess, method: string, path: string, body?: unknown, token = ADMIN) =>
  callServer(server, token, method, path, body);

/** A store the test can take away and bring back, and the environment that points a server at it. */
type Outage = {
  env: Record<string, string>;
  begin(customer: string): Promise<void> | void;
  end(): Promise<void> | void;
};

type Answer = { status: number; allowed: boolean; degraded: boolean; reason?: string; headers: Headers };

async function check(server: ServerProcess, token: string, key: string): Promise<Answer> {
  const res = await fetch(`${server.url}/v1/check`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ key }),
  });
  const body = await res.json();
  return {
    status: res.status,
    allowed: body.allowed,
    degraded: body.degraded,
    reason: body.reason,
    headers: res.headers,
  };
}

/** How many servers `server` counted sharing the store at its last presence (0 before the first). */
async function serversCounted(server: ServerProcess): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(/^bouncer_store_servers (\d+)/m.exec(text)?.[1] ?? 0);
}

async function heldToShares(outage: Outage) {
  const database = `file:${join(mkdtempSync(join(tmpdir(), "bouncer-local-outage-")), "quota.db")}`;
  // Long enough that a loaded machine never makes an outage of its own before the test makes one.
  const env = { ...outage.env, DATABASE_URL: database, ADMIN_TOKEN: ADMIN, STORE_TIMEOUT_MS: "500" };
  const first = await startServer(env);
  const others = await Promise.all([startServer(env), startServer(env)]);
  const servers = [first, ...others];
  cleanups.push(...servers.map((server) => () => server.kill()));
  // A server divides among the servers it counted before the store went away: all three, once each has said so.
  for (const server of servers) while ((await serversCounted(server)) < 3) await new Promise((r) => setTimeout(r, 100));

  await api(first, "POST", "/v1/plans", { id: "local", name: "Local", perDay: PER_DAY, failMode: "local" });
  const customer = (await api(first, "POST", "/v1/customers", { name: "Acme", planId: "local" })).json;
  const key = (await api(first, "POST", `/v1/customers/${customer.id}/keys`)).json.key;
  const service = (await api(first, "POST", "/v1/tokens", { name: "svc", role: "service" })).json.token;
  const tally = { allowed: 0, denied: 0 };
  const count = (answer: Answer) => {
    if (answer.allowed) tally.allowed++;
    else if (answer.status === 429) tally.denied++;
  };

  // 60 used, the last of them on each server: each last saw 242, 241 or 240 left, and keeps to a third of it.
  for (let i = 0; i < USED; i++) {
    const answer = await check(servers[i % 3] as ServerProcess, service, key);
    expect([answer.status, answer.degraded]).toEqual([200, false]);
    count(answer);
  }

  await outage.begin(customer.id);
  // 900 checks spread over the servers, 30 at a time.
  const byServer = [0, 0, 0];
  for (let wave = 0; wave < 30; wave++) {
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const server = i % 3;
        const answer = await check(servers[server] as ServerProcess, service, key);
        if (answer.allowed) byServer[server] = (byServer[server] ?? 0) + 1;
        return answer;
      }),
    );
    for (const answer of answers) {
      count(answer);
      expect([200, 429]).toContain(answer.status);
      expect([answer.degraded, answer.reason]).toEqual([true, "store_unavailable"]);
      // Every header from the local state: this server's share of the day (a third of 300), and what is left of it.
      expect(answer.headers.get("ratelimit-policy")).toBe('"day";q=100;w=86400');
      expect(answer.headers.get("ratelimit")).toMatch(/^"day";r=\d+;t=\d+$/);
      if (answer.status === 429) expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  }
  const during = byServer.reduce((a, b) => a + b, 0);
  for (const allowed of byServer) expect(allowed).toBeLessThanOrEqual((PER_DAY - USED) / 3);
  expect(during).toBeLessThanOrEqual(PER_DAY - USED);
  expect(during).toBeGreaterThan((PER_DAY - USED) / 2);

  await outage.end();
  // Each server answers from the store again once every server has had time to add what it allowed (a few seconds);
  // every answer meanwhile is counted too, and the whole day's never passes the limit.
  for (const server of servers) {
    for (;;) {
      const answer = await check(server, service, key);
      count(answer);
      if (!answer.degraded) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  expect(tally.allowed).toBeLessThanOrEqual(PER_DAY);

  // The store counts what every server allowed: usage at once (each server added what it owed before its answer
  // above), daily totals once the denials answered from memory are written (within a second or two).
  const left = (await api(first, "GET", `/v1/customers/${customer.id}/usage`, undefined, service)).json.limits;
  expect(left).toEqual([expect.objectContaining({ name: "day", limit: PER_DAY, remaining: PER_DAY - tally.allowed })]);
  const daily = async () => {
    const points = (await api(first, "GET", `/v1/customers/${customer.id}/usage/daily?days=2`)).json.points as {
      allowed: number;
      denied: number;
      units: number;
    }[];
    return points.reduce((sum, p) => ({ allowed: sum.allowed + p.allowed, denied: sum.denied + p.denied }), {
      allowed: 0,
      denied: 0,
    });
  };
  const wanted = { allowed: tally.allowed, denied: tally.denied };
  const deadline = Date.now() + 20_000;
  let totals = await daily();
  while (JSON.stringify(totals) !== JSON.stringify(wanted) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    totals = await daily();
  }
  if (JSON.stringify(totals) !== JSON.stringify(wanted)) for (const server of servers) console.log(server.output());
  expect(totals).toEqual(wanted);
  return { during, byServer };
}

describe("a plan failing local, three servers on one store (integration, needs redis-server)", () => {
  test("Redis stalled with SIGSTOP, then SIGCONT", async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const held = await heldToShares({
      env: { REDIS_URL: redis.url },
      begin: () => redis.pause(),
      end: () => redis.resume(),
    });
    console.log("redis SIGSTOP", held);
  }, 180_000);

  test("Redis killed with SIGKILL, then started again (its append-only file keeps what it had counted)", async () => {
    const redis = await startRedis({ args: ["--appendonly", "yes", "--appendfsync", "always"] });
    cleanups.push(() => redis.stop());
    const held = await heldToShares({
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
    const held = await heldToShares({
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
    const held = await heldToShares({
      env: { UPSTASH_REDIS_REST_URL: endpoint.url, UPSTASH_REDIS_REST_TOKEN: token },
      begin: () => endpoint.close(),
      async end() {
        endpoint = await startUpstashEndpoint({ redisUrl: redis.url, port, token });
      },
    });
    console.log("upstash endpoint stopped", held);
  }, 180_000);
});
