// The middleware keeps the plan's promise through an outage (integration, needs redis-server): with the counter store
// frozen, a plan that fails closed is answered 503 and one that fails open is served, whatever the middleware's own
// failMode; only with Bouncer itself gone does that failMode decide.
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RedisServer, startRedis } from "../dev/redis-server";
import { BouncerUnavailable, createClient } from "./client";
import { type RateLimitOptions, rateLimit } from "./middleware";
import { type Bouncer, startBouncer } from "./testing/bouncer";

let redis: RedisServer;
let bouncer: Bouncer;
let token: string;
let metered: string;
let free: string;
let local: string;
let leased: string;

function backend(failMode: RateLimitOptions["failMode"], settle?: RateLimitOptions["settle"]) {
  const client = createClient({ baseUrl: bouncer.url, token, timeoutMs: 2000 });
  // Reserving, the check holds 5 until the handler reports 2.
  const cost = settle ? () => 5 : undefined;
  return new Hono().use(rateLimit({ client, failMode, settle, cost })).get("/", (c) => {
    c.header("x-units", "2");
    return c.text("served");
  });
}
const call = (app: Hono, key: string) => app.request("/", { headers: { "x-api-key": key } });

beforeAll(async () => {
  redis = await startRedis();
  bouncer = await startBouncer({ REDIS_URL: redis.url });
  await bouncer.admin("POST", "/v1/plans", { id: "metered", name: "Metered", perDay: 1000, failMode: "closed" });
  await bouncer.admin("POST", "/v1/plans", { id: "free", name: "Free", perDay: 1000, failMode: "open" });
  metered = (await bouncer.customer("metered")).key;
  free = (await bouncer.customer("free")).key;
  await bouncer.admin("POST", "/v1/plans", { id: "local", name: "Local", perDay: 3, failMode: "local" });
  await bouncer.admin("POST", "/v1/plans", { id: "leased", name: "Leased", perDay: 1000, concurrent: 2 });
  leased = (await bouncer.customer("leased")).key;
  local = (await bouncer.customer("local")).key;
  token = await bouncer.serviceToken();
}, 120_000);
afterAll(async () => {
  redis?.resume();
  await bouncer?.kill();
  await redis?.stop();
});

describe("the middleware through a frozen counter store and a killed Bouncer", () => {
  // Found by an audit: a release or a settle the store did not answer was a BouncerError, a refusal, and the
  // middleware told onError of it as of a mistake in the integration.
  test("store frozen: a release or a settle throws BouncerUnavailable, and the middleware tells onError nothing", async () => {
    const client = createClient({ baseUrl: bouncer.url, token, timeoutMs: 2000 });
    const leases: string[] = [];
    for (const reserve of [false, true]) {
      const taken = await client.check({ key: leased, reserve });
      if (taken.outcome !== "allowed" || !taken.body.lease) throw new Error(`no lease: ${JSON.stringify(taken)}`);
      leases.push(taken.body.lease.id);
    }
    const told: unknown[] = [];
    const app = new Hono().use(rateLimit({ client, onError: (error) => told.push(error) })).get("/", async (c) => {
      redis.pause();
      return c.text("served");
    });
    redis.pause();
    try {
      const release = await client.release(leases[0] as string).catch((error: unknown) => error);
      const settle = await client.settle(leases[1] as string, 1).catch((error: unknown) => error);
      for (const error of [release, settle]) {
        expect(error).toBeInstanceOf(BouncerUnavailable);
        expect(error).toMatchObject({ retryAfter: 1 });
      }
      redis.resume();
      // The store pauses while the handler runs: the lease's release after it finds it down.
      const res = await call(app, leased);
      expect([res.status, await res.text()]).toEqual([200, "served"]);
      expect(told).toEqual([]);
    } finally {
      redis.resume();
    }
  });

  test("store frozen: a plan that fails closed answers 503 with Retry-After, behind either failMode", async () => {
    for (const failMode of ["open", "closed"] as const)
      expect((await call(backend(failMode), metered)).status).toBe(200);
    redis.pause();
    try {
      for (const failMode of ["open", "closed"] as const) {
        const res = await call(backend(failMode), metered);
        expect(res.status, failMode).toBe(503);
        expect(res.headers.get("retry-after")).toBe("1");
        expect(await res.text()).not.toBe("served");
      }
      const direct = await createClient({ baseUrl: bouncer.url, token, timeoutMs: 2000 }).check({ key: metered });
      expect(direct).toEqual({ outcome: "store_unavailable", retryAfter: 1 });
    } finally {
      redis.resume();
    }
  });

  test("store frozen: a plan that fails open is served, degraded, behind either failMode", async () => {
    redis.pause();
    try {
      for (const failMode of ["open", "closed"] as const) {
        const res = await call(backend(failMode), free);
        expect(res.status, failMode).toBe(200);
        expect(await res.text()).toBe("served");
      }
      const direct = await createClient({ baseUrl: bouncer.url, token, timeoutMs: 2000 }).check({ key: free });
      expect(direct).toMatchObject({ outcome: "allowed", body: { degraded: true, reason: "store_unavailable" } });
    } finally {
      redis.resume();
    }
  });

  test("store frozen: a plan that limits locally is served within its share, then refused 429, behind either failMode", async () => {
    // The store back from the test before: its breaker closed.
    const client = createClient({ baseUrl: bouncer.url, token, timeoutMs: 2000 });
    for (;;) {
      const answer = await client.check({ key: free });
      if (answer.outcome === "allowed" && !answer.body.degraded) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // One Bouncer, so its share is all that was left: 2 of 3.
    expect((await call(backend("open"), local)).status).toBe(200);
    redis.pause();
    try {
      const statuses = [];
      for (const failMode of ["open", "closed", "open"] as const)
        statuses.push((await call(backend(failMode), local)).status);
      expect(statuses).toEqual([200, 200, 429]);
      const direct = await createClient({ baseUrl: bouncer.url, token, timeoutMs: 2000 }).check({ key: local });
      expect(direct).toMatchObject({ outcome: "denied", body: { degraded: true, reason: "store_unavailable" } });
    } finally {
      redis.resume();
    }
  });

  test("store frozen, a reserving middleware: closed still answers 503, open is served with nothing to settle", async () => {
    const reserving = (failMode: RateLimitOptions["failMode"]) => backend(failMode, { header: "x-units" });
    redis.pause();
    try {
      for (const failMode of ["open", "closed"] as const) {
        const refused = await call(reserving(failMode), metered);
        expect(refused.status, failMode).toBe(503);
        expect(refused.headers.get("retry-after")).toBe("1");
        const served = await call(reserving(failMode), free);
        expect(served.status, failMode).toBe(200);
        expect(await served.text()).toBe("served");
        expect(served.headers.get("x-units")).toBeNull();
      }
    } finally {
      redis.resume();
    }
  });

  test("Bouncer killed: the middleware's own failMode decides, open serves and closed answers 503", async () => {
    const open = backend("open");
    const closed = backend("closed");
    await bouncer.kill();
    for (const key of [metered, free]) {
      const served = await call(open, key);
      expect(served.status).toBe(200);
      expect(await served.text()).toBe("served");
      const refused = await call(closed, key);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("1");
    }
  });
});
