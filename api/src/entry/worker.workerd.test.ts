// The Worker in real workerd (wrangler dev, as `npm run dev:worker` runs it) with a local D1 (or a remote libSQL over
// HTTP, api/dev/libsql-endpoint.ts) and the project's Upstash endpoint in front of a real redis-server: the serverless
// contract every entry keeps, then what only a Worker can get wrong (revocation seen by another instance, background
// work without timers, the UI and docs as assets).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createDb } from "../../../db/client";
import { migrateDb } from "../../../db/migrate";
import { startLibsqlEndpoint } from "../../dev/libsql-endpoint";
import { type RedisServer, startRedis } from "../../dev/redis-server";
import { callServer, type ServerProcess } from "../../dev/server-process";
import { startUpstashEndpoint, type UpstashEndpoint } from "../../dev/upstash-endpoint";
import { startWorker } from "../../dev/worker-process";
import { callThrough } from "../testing/test-app";
import { ADMIN_TOKEN, baseEnv, describeServerlessEntry } from "./testing/serverless-contract";

async function upstash(): Promise<{ redis: RedisServer; endpoint: UpstashEndpoint; env: Record<string, string> }> {
  const redis = await startRedis();
  const endpoint = await startUpstashEndpoint({ redisUrl: redis.url });
  return { redis, endpoint, env: { UPSTASH_REDIS_REST_URL: endpoint.url, UPSTASH_REDIS_REST_TOKEN: endpoint.token } };
}

const stateDirs: string[] = [];
const stateDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "bouncer-worker-d1-"));
  stateDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * The Worker as the serverless contract drives it, over fetch. The budget is long here: 300 requests at once into one
 * local isolate wait for its one thread, and that wait counts against each store call (measured on two loaded cores:
 * 0.5-1 s per call with 300 in flight; all 300 took 1.4-6 s, the longest beside a benchmark and the whole suite), which
 * a deployment spreads over many isolates. The budget itself is held to its 500 ms below; this one leaves the contract's
 * outage test (two checks that wait it out) well inside its 30 s.
 */
async function contractHarness(configStore: Record<string, string>, stop: () => Promise<void> = async () => {}) {
  const { redis, endpoint, env } = await upstash();
  const { DATABASE_URL: _, ...base } = baseEnv("");
  const worker = await startWorker({ ...base, ...env, ...configStore, STORE_TIMEOUT_MS: "8000" }, stateDir());
  const invoke = callThrough((path, init) => fetch(`${worker.url}${path}`, init));
  return {
    redis,
    invoke,
    async close() {
      // As Ctrl-C stops it: dev:worker removes the file it passed the variables in.
      await worker.kill("SIGTERM");
      await endpoint.close();
      await redis.stop();
      await stop();
    },
  };
}

const metricsNote = "# These counts are one Worker isolate's:";

// The D1 binding is the config store when DATABASE_URL is unset.
describeServerlessEntry("Cloudflare Workers (workerd, D1, Upstash over REST)", () => contractHarness({}), {
  metricsNote,
});

describeServerlessEntry(
  "Cloudflare Workers (workerd, remote libSQL over HTTP, Upstash over REST)",
  async () => {
    // A remote database is migrated by whoever deploys (a Worker runs no migrations of its own on it).
    const path = join(stateDir(), "remote.db");
    const local = await createDb({ url: `file:${path}` });
    await migrateDb(local.db);
    local.client.close();
    const libsql = await startLibsqlEndpoint({ path });
    return contractHarness({ DATABASE_URL: libsql.url, DATABASE_AUTH_TOKEN: libsql.token }, () => libsql.close());
  },
  { metricsNote },
);

describe("Cloudflare Workers: what only a Worker can get wrong", () => {
  const TTL_MS = 1000;
  let store: Awaited<ReturnType<typeof upstash>>;
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    store = await upstash();
    const env = { ...store.env, ADMIN_TOKEN, CONFIG_CACHE_TTL_MS: String(TTL_MS), STORE_TIMEOUT_MS: "500" };
    // Two instances on one D1, as two isolates of one deployment share it.
    const shared = stateDir();
    first = await startWorker(env, shared);
    second = await startWorker(env, shared);
  });

  afterAll(async () => {
    await first?.kill("SIGTERM");
    await second?.kill("SIGTERM");
    await store?.endpoint.close();
    await store?.redis.stop();
  });

  test("with the store stopped, each check is answered by fail mode within STORE_TIMEOUT_MS", async () => {
    const made = [] as string[];
    for (const failMode of ["open", "closed"]) {
      const id = `w-${failMode}`;
      expect(
        (await callServer(first, ADMIN_TOKEN, "POST", "/v1/plans", { id, name: id, perHour: 50, failMode })).status,
      ).toBe(201);
      const customer = await callServer(first, ADMIN_TOKEN, "POST", "/v1/customers", { name: id, planId: id });
      made.push((await callServer(first, ADMIN_TOKEN, "POST", `/v1/customers/${customer.json.id}/keys`)).json.key);
    }
    const [open, closed] = made;
    const check = (key: string | undefined) => callServer(first, ADMIN_TOKEN, "POST", "/v1/check", { key });
    // Both keys cached, so only the counter store is waited on below.
    expect((await check(open)).status).toBe(200);
    expect((await check(closed)).status).toBe(200);
    // Frozen until every answer below is in: none can be the store's, so the budget ended each wait (a timer that
    // died with its request, as Worker timers can, would leave the check unanswered).
    store.redis.pause();
    try {
      const degraded = await check(open);
      expect([degraded.status, degraded.json.degraded, degraded.json.reason]).toEqual([200, true, "store_unavailable"]);
      const refused = await check(closed);
      expect([refused.status, refused.json.error.code]).toEqual([503, "store_unavailable"]);
      // A third failure in a row opens the breaker, whose log line names what ended the calls: STORE_TIMEOUT_MS
      // ran out (500 ms here, not the default 100).
      expect((await check(open)).json.degraded).toBe(true);
      // Its console reaches this process through wrangler's pipe, after the answer has: wait for it to arrive.
      await vi.waitFor(() => expect(first.output()).toContain('"lastError":"no answer within 500 ms"'), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      store.redis.resume();
    }
    // The breaker's probe, run from requests, finds the store again before the next test checks.
    while ((await check(open)).json.degraded) await new Promise((r) => setTimeout(r, 50));
  });

  test("POST /v1/check, answered without the framework, answers as the app does (a query string sends it there)", async () => {
    const plan = { id: "w-same", name: "Same", perHour: 1000 };
    expect((await callServer(first, ADMIN_TOKEN, "POST", "/v1/plans", plan)).status).toBe(201);
    const customer = await callServer(first, ADMIN_TOKEN, "POST", "/v1/customers", { name: "S", planId: "w-same" });
    const { key } = (await callServer(first, ADMIN_TOKEN, "POST", `/v1/customers/${customer.json.id}/keys`)).json;
    const json = { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" };
    const cases: [string, Record<string, string>, string][] = [
      ["allowed", json, JSON.stringify({ key })],
      ["no token", { "content-type": "application/json" }, JSON.stringify({ key })],
      ["not JSON", { ...json, "content-type": "text/plain" }, JSON.stringify({ key })],
      ["malformed", json, "{"],
      ["unknown key", json, JSON.stringify({ key: "qk_nothing" })],
      ["too large", json, JSON.stringify({ key, pad: "x".repeat(70_000) })],
    ];
    for (const [name, headers, body] of cases) {
      const answer = async (path: string) => {
        const res = await fetch(`${first.url}${path}`, {
          method: "POST",
          headers: { ...headers, "x-request-id": `same-${name.replace(/ /g, "-")}` },
          body,
        });
        // The second check of the allowed case has counted one more: its numbers differ, nothing else.
        const text = (await res.text()).replace(/"remaining":\d+/g, '"remaining":n');
        const sent = [...res.headers].filter(([h]) => h !== "date" && !h.includes("ratelimit"));
        return { status: res.status, headers: sent.sort(), text };
      };
      const fast = await answer("/v1/check");
      expect(await answer("/v1/check?via=app"), name).toEqual(fast);
      if (name !== "allowed") expect(fast.status, name).toBeGreaterThanOrEqual(400);
    }
  });

  test("a key revoked on one instance is refused by another within CONFIG_CACHE_TTL_MS", async () => {
    const plan = await callServer(first, ADMIN_TOKEN, "POST", "/v1/plans", { id: "w-pro", name: "Pro", perHour: 1000 });
    expect(plan.status).toBe(201);
    const customer = await callServer(first, ADMIN_TOKEN, "POST", "/v1/customers", { name: "A", planId: "w-pro" });
    const made = await callServer(first, ADMIN_TOKEN, "POST", `/v1/customers/${customer.json.id}/keys`);
    const check = () => callServer(second, ADMIN_TOKEN, "POST", "/v1/check", { key: made.json.key });
    // The other instance has the key cached.
    expect((await check()).status).toBe(200);
    expect((await check()).status).toBe(200);

    expect((await callServer(first, ADMIN_TOKEN, "DELETE", `/v1/keys/${made.json.id}`)).status).toBeLessThan(300);
    // The instance that revoked refuses it at once.
    expect((await callServer(first, ADMIN_TOKEN, "POST", "/v1/check", { key: made.json.key })).status).toBe(403);
    // The other is left alone for a TTL at least (a loaded machine only makes that longer; the 100 ms over it are for
    // clocks that read whole milliseconds): its change watcher is then a whole period late, so its very next request
    // waits for the watcher and is refused.
    await new Promise((r) => setTimeout(r, TTL_MS + 100));
    const answer = await check();
    expect([answer.status, answer.json.error?.code]).toEqual([403, "unknown_key"]);
  });

  test("the console, the customer page and the API reference are served with the API's security headers", async () => {
    for (const path of ["/", "/usage"]) {
      const page = await fetch(`${first.url}${path}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(await page.text()).toContain('<div id="root">');
    }
    const docs = await fetch(`${first.url}/docs`);
    expect([docs.status, (await docs.text()).includes("/docs/scalar.js")]).toEqual([200, true]);
    const script = await fetch(`${first.url}/docs/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
    const spec = await fetch(`${first.url}/openapi.json`);
    expect((await spec.json()).openapi).toBe("3.1.0");
    // A built file that is not there (a tab opened before an update asks for its old script) is a 404, not the page.
    expect((await fetch(`${first.url}/assets/tokens-page-00000000.js`)).status).toBe(404);
    // A path under /v1 that no route takes is an API error, never the UI's page.
    const missing = await callServer(first, ADMIN_TOKEN, "GET", "/v1/nothing-here");
    expect([missing.status, missing.json.error.code]).toEqual([404, "not_found"]);
  });

  test("GET /v1/usage reads 60 customers in a request or two to Upstash, not two each (50 subrequests on Free)", async () => {
    const plan = { id: "w-live", name: "Live", burst: 10, perMinute: 10 };
    expect((await callServer(first, ADMIN_TOKEN, "POST", "/v1/plans", plan)).status).toBe(201);
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const made = await callServer(first, ADMIN_TOKEN, "POST", "/v1/customers", {
        name: `Live ${i}`,
        planId: plan.id,
      });
      ids.push(made.json.id);
    }
    const busy = ids[7] as string;
    const { key } = (await callServer(first, ADMIN_TOKEN, "POST", `/v1/customers/${busy}/keys`)).json;
    for (let i = 0; i < 3; i++)
      expect((await callServer(first, ADMIN_TOKEN, "POST", "/v1/check", { key })).status).toBe(200);
    // The first refresh may send the history script by source once more (one request for all); the second finds it.
    // Each may also run the once-a-second background work that came due (a request runs it on a Worker): this
    // instance's presence (lua/presence.lua), one request more.
    for (const most of [4, 3]) {
      const before = store.endpoint.requests();
      const res = await callServer(first, ADMIN_TOKEN, "GET", "/v1/usage?q=Live%20&limit=1");
      expect(res.status).toBe(200);
      expect(res.json.total).toBe(60);
      expect(res.json.customers[0]).toMatchObject({ customerId: busy, allowed: 3, denied: 0 });
      expect(store.endpoint.requests() - before).toBeLessThanOrEqual(most);
    }
  });

  test("/metrics leaves out the process metrics Node adds, which a Worker cannot give", async () => {
    const text = await (await fetch(`${first.url}/metrics`)).text();
    expect(text).toContain("bouncer_store_duration_seconds_bucket");
    expect(text).not.toContain("process_cpu");
  });

  test("denials answered from memory reach the usage history, flushed by work that later requests run", async () => {
    const plan = { id: "w-tiny", name: "Tiny", burst: 1, perMinute: 1 };
    expect((await callServer(first, ADMIN_TOKEN, "POST", "/v1/plans", plan)).status).toBe(201);
    const customer = await callServer(first, ADMIN_TOKEN, "POST", "/v1/customers", { name: "B", planId: "w-tiny" });
    const { key } = (await callServer(first, ADMIN_TOKEN, "POST", `/v1/customers/${customer.json.id}/keys`)).json;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await callServer(first, ADMIN_TOKEN, "POST", "/v1/check", { key })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // The flush is due a second after the denials; later requests run it (under waitUntil).
    const history = async () => {
      const res = await callServer(
        first,
        ADMIN_TOKEN,
        "GET",
        `/v1/customers/${customer.json.id}/usage/history?minutes=2`,
      );
      return res.json.points.reduce((sum: number, p: { denied: number }) => sum + p.denied, 0) as number;
    };
    let denied = await history();
    for (const deadline = Date.now() + 10_000; denied < 20 && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 200));
      denied = await history();
    }
    expect(denied).toBe(20);
  });
});
