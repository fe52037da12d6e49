import { beforeEach, describe, expect, test } from "vitest";
import { createMemoryStore } from "../quota/memory-store";
import type { CounterStore } from "../quota/store";
import { ADMIN_TOKEN, type TestApp, testApp } from "../test-support";

const T0 = Date.parse("2026-11-30T10:00:00.000Z");
const pro = { id: "pro", name: "Pro", burst: 20, perMinute: 100, perHour: 5000, perDay: 50000 };

/** The memory store on a clock the test moves, counting the calls that reach it. */
function countedStore() {
  const clock = { now: T0 };
  const inner = createMemoryStore({ now: () => clock.now });
  const calls = { check: 0 };
  const store: CounterStore = {
    ...inner,
    check: (...args) => {
      calls.check++;
      return inner.check(...args);
    },
  };
  return { store, clock, calls };
}

let t: TestApp;
let s: ReturnType<typeof countedStore>;
let key: string;
let customerId: string;
let service: string;

async function setup(
  plan: Record<string, unknown> = pro,
  options: { random?: () => number; cacheTtlMs?: number } = {},
) {
  s = countedStore();
  // The server's own clock is the store's, moved only by the test: what it remembers (denials) cannot run out
  // early on a slow machine.
  const now = () => s.clock.now;
  t = await testApp({ counters: s.store, now, random: options.random ?? (() => 0), cacheTtlMs: options.cacheTtlMs });
  await t.call("POST", "/v1/plans", { body: plan });
  customerId = (await t.call("POST", "/v1/customers", { body: { name: "Acme", planId: plan.id } })).json.id;
  key = (await t.call("POST", `/v1/customers/${customerId}/keys`)).json.key;
  service = (await t.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json.token;
}

const check = (body: Record<string, unknown>, token = service) => t.call("POST", "/v1/check", { token, body });

describe("POST /v1/check", () => {
  beforeEach(() => setup());

  test("allowed: 200 with every field of contract section 5 and the rate-limit headers", async () => {
    const res = await check({ key, cost: 1 });
    expect(res.status).toBe(200);
    const nowS = T0 / 1000;
    expect(res.json).toEqual({
      allowed: true,
      customerId,
      planId: "pro",
      limit: 20,
      remaining: 19,
      reset: nowS + 1,
      limits: [
        // One request drains at 100 a minute in 0.6 s.
        { name: "burst", limit: 20, remaining: 19, reset: nowS + 1, perMinute: 100 },
        { name: "hour", limit: 5000, remaining: 4999, reset: nowS + 3600 },
        { name: "day", limit: 50000, remaining: 49999, reset: Date.parse("2026-12-01T00:00:00Z") / 1000 },
      ],
      degraded: false,
      shadow: false,
    });
    expect(res.headers.get("x-ratelimit-limit")).toBe("20");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("19");
    expect(res.headers.get("x-ratelimit-reset")).toBe(String(nowS + 1));
    expect(res.headers.get("ratelimit-policy")).toBe('"burst";q=20;w=12, "hour";q=5000;w=3600, "day";q=50000;w=86400');
    expect(res.headers.get("ratelimit")).toBe('"burst";r=19;t=1');
    expect(res.headers.get("retry-after")).toBeNull();
    // The answer is built by the route itself; it still carries what every API answer does.
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("x-request-id")).toEqual(expect.any(String));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  test("the request id sent is the one returned on a check", async () => {
    const res = await t.call("POST", "/v1/check", {
      token: service,
      body: { key },
      headers: { "x-request-id": "check-req-1" },
    });
    expect(res.headers.get("x-request-id")).toBe("check-req-1");
  });

  test("cost defaults to 1 and cost n takes n from every limit", async () => {
    expect((await check({ key })).json.limits.map((l: { remaining: number }) => l.remaining)).toEqual([
      19, 4999, 49999,
    ]);
    expect((await check({ key, cost: 5 })).json.limits.map((l: { remaining: number }) => l.remaining)).toEqual([
      14, 4994, 49994,
    ]);
  });

  test("denied: 429, Retry-After, the denying limit at the top, and nothing consumed anywhere", async () => {
    await check({ key, cost: 20 });
    const before = (await t.call("GET", `/v1/customers/${customerId}/usage`)).json;
    const res = await check({ key, cost: 1 });
    expect(res.status).toBe(429);
    expect(res.json).toMatchObject({
      allowed: false,
      limit: 20,
      remaining: 0,
      retryAfter: 1,
      degraded: false,
      shadow: false,
    });
    expect(res.json.reset).toBe(T0 / 1000 + 12);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.headers.get("ratelimit")).toBe('"burst";r=0;t=1');
    expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
    expect((await t.call("GET", `/v1/customers/${customerId}/usage`)).json).toEqual(before);
  });

  test("a cost that can never pass gets 429 with retryAfter null and no Retry-After", async () => {
    const res = await check({ key, cost: 21 });
    expect(res.status).toBe(429);
    expect(res.json.retryAfter).toBeNull();
    expect(res.headers.get("retry-after")).toBeNull();
    expect(res.json.limits[1].remaining).toBe(5000);
  });

  test("Retry-After carries jitter within the contract's bounds", async () => {
    await setup({ id: "hourly", name: "Hourly", perHour: 1 }, { random: Math.random });
    s.clock.now = T0 + 30 * 60_000;
    await check({ key });
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) seen.add((await check({ key })).json.retryAfter);
    // 30 minutes to wait: ceil(1800) + j with j from 0 to 180.
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(1800);
    expect(Math.max(...seen)).toBeLessThanOrEqual(1980);
    expect(seen.size).toBeGreaterThan(20);
  });

  test("an unknown or revoked key gets 403 unknown_key, the revoked one at once", async () => {
    const unknown = await check({ key: "qk_doesNotExist000000000000000000000" });
    expect(unknown.status).toBe(403);
    expect(unknown.json.error.code).toBe("unknown_key");
    expect((await check({ key })).status).toBe(200);
    const keyId = (await t.call("GET", `/v1/customers/${customerId}/keys`)).json.keys[0].id;
    await t.call("DELETE", `/v1/keys/${keyId}`);
    expect((await check({ key })).json.error.code).toBe("unknown_key");
  });

  test("an admin token may check too; a customer key may not", async () => {
    expect((await check({ key }, ADMIN_TOKEN)).status).toBe(200);
    expect((await check({ key }, key)).status).toBe(403);
  });

  test.each([
    [{}, "exactly one of key and ip"],
    [{ key: "qk_x", ip: "203.0.113.7" }, "exactly one of key and ip"],
    [{ key: "" }, "key"],
    [{ key: 42 }, "key"],
    [{ key: "qk_x", cost: 0 }, "cost"],
    [{ key: "qk_x", cost: -1 }, "cost"],
    [{ key: "qk_x", cost: 1.5 }, "cost"],
    [{ key: "qk_x", cost: 1_000_001 }, "cost"],
    [{ key: "qk_x", cost: "1" }, "cost"],
    [{ key: "qk_x", cost: null }, "cost"],
    [{ key: "qk_x", extra: true }, "extra"],
    [{ ip: "not-an-ip" }, "ip"],
    [{ ip: "203.0.113.7/24" }, "ip"],
  ])("%j gets 400 invalid_request", async (body, hint) => {
    const res = await check(body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("invalid_request");
    expect(res.json.error.message).toContain(hint);
    expect(s.calls.check).toBe(0);
  });

  test("the largest cost, 1,000,000, is accepted", async () => {
    await setup({ id: "big", name: "Big", perDay: 1_000_000 });
    expect((await check({ key, cost: 1_000_000 })).status).toBe(200);
  });

  test("the customer's overrides apply at check time, and a plan edit applies on the next check", async () => {
    await t.call("PATCH", `/v1/customers/${customerId}`, { body: { overrides: { burst: 2 } } });
    expect((await check({ key })).json.limit).toBe(2);
    await check({ key });
    expect((await check({ key })).status).toBe(429);
    await t.call("PATCH", `/v1/customers/${customerId}`, { body: { overrides: null } });
    // The two used stay used against the plan's 20.
    expect((await check({ key })).json.limits[0].remaining).toBe(17);
    const patched = await t.call("PATCH", "/v1/plans/pro", { body: { burst: 3 } });
    expect(patched.status).toBe(200);
    const edited = await check({ key });
    expect(edited.status).toBe(429);
    expect(edited.json).toMatchObject({ limit: 3, remaining: 0 });
  });

  test("a shadow plan never denies: 200 with shadow true when it would have denied", async () => {
    await setup({ ...pro, id: "trial", burst: 1, shadow: true });
    const first = await check({ key });
    expect(first.status).toBe(200);
    expect(first.json.shadow).toBe(false);
    const second = await check({ key });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ allowed: true, shadow: true, remaining: 0 });
    expect(second.json.retryAfter).toBeUndefined();
    expect(second.headers.get("retry-after")).toBeNull();
    expect(second.headers.get("x-ratelimit-remaining")).toBe("0");
  });

  test("a customer's shadow override makes a real plan a dry run for that customer only", async () => {
    await t.call("PATCH", `/v1/customers/${customerId}`, { body: { overrides: { shadow: true, burst: 1 } } });
    await check({ key });
    expect((await check({ key })).json).toMatchObject({ allowed: true, shadow: true });
  });

  test("a denied customer is answered from memory until its retry time: a flood never reaches the store", async () => {
    // The config's change watcher would see this setup's own writes at its first tick and rightly drop every
    // remembered denial; with a long TTL that tick comes after the flood however slow the machine is.
    await setup(pro, { cacheTtlMs: 600_000 });
    await check({ key, cost: 20 });
    expect(s.calls.check).toBe(1);
    for (let i = 0; i < 500; i++) expect((await check({ key })).status).toBe(429);
    expect(s.calls.check).toBe(2);
    // A bigger cost is denied from memory too; a smaller one than the remembered denial is asked of the store.
    expect((await check({ key, cost: 5 })).status).toBe(429);
    expect(s.calls.check).toBe(2);
  });

  test("a remembered denial does not hide that a cost can never pass", async () => {
    await check({ key, cost: 20 });
    expect((await check({ key })).json.retryAfter).toEqual(expect.any(Number));
    const never = await check({ key, cost: 21 });
    expect(never.status).toBe(429);
    expect(never.json.retryAfter).toBeNull();
  });

  test("the deny cache remembers a denial only until the same request could pass", async () => {
    await setup({ id: "tiny", name: "Tiny", burst: 1, perMinute: 600 });
    await check({ key });
    expect((await check({ key })).status).toBe(429);
    const calls = s.calls.check;
    // 600 a minute: room again 100 ms later, by both the store's clock and this process's.
    await new Promise((r) => setTimeout(r, 120));
    s.clock.now += 120;
    expect((await check({ key })).status).toBe(200);
    expect(s.calls.check).toBe(calls + 1);
  });

  test("a plan edit on this server drops the remembered denials at once", async () => {
    await check({ key, cost: 20 });
    expect((await check({ key })).status).toBe(429);
    await t.call("PATCH", "/v1/plans/pro", { body: { burst: 40 } });
    expect((await check({ key })).status).toBe(200);
  });

  test("key → customer → plan lookups are served from memory: checks go on while the database is gone", async () => {
    expect((await check({ key })).status).toBe(200);
    t.client.close();
    for (let i = 0; i < 5; i++) expect((await check({ key })).status).toBe(200);
  });

  test("while the database is gone, a key not yet cached gets 503 store_unavailable, never a 500", async () => {
    const other = (await t.call("POST", `/v1/customers/${customerId}/keys`)).json.key;
    expect((await check({ key })).status).toBe(200);
    t.client.close();
    const res = await check({ key: other });
    expect(res.status).toBe(503);
    expect(res.json.error.code).toBe("store_unavailable");
    expect(res.json.error.message).toContain("config store");
    expect((await check({ key })).status).toBe(200);
  });

  test("another server sees a plan edit and a revoked key once its cache expires", async () => {
    const other = await testApp({ url: t.url, counters: createMemoryStore(), cacheTtlMs: 150 });
    const otherCheck = (body: Record<string, unknown>) => other.call("POST", "/v1/check", { token: service, body });
    expect((await otherCheck({ key })).json.limit).toBe(20);
    await t.call("PATCH", "/v1/plans/pro", { body: { burst: 7 } });
    const keyId = (await t.call("GET", `/v1/customers/${customerId}/keys`)).json.keys[0].id;
    await t.call("DELETE", `/v1/keys/${keyId}`);
    await new Promise((r) => setTimeout(r, 200));
    expect((await otherCheck({ key })).json.error.code).toBe("unknown_key");
  });
});

describe("POST /v1/check by IP", () => {
  beforeEach(() => setup());

  test("without a plan `anonymous`, an IP check gets 403 unknown_key", async () => {
    const res = await check({ ip: "203.0.113.7" });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("unknown_key");
  });

  test("anonymous traffic is governed by plan `anonymous`, per IPv4 address and per IPv6 /64", async () => {
    await t.call("POST", "/v1/plans", { body: { id: "anonymous", name: "Anonymous", burst: 2, perMinute: 10 } });
    const first = await check({ ip: "2001:db8:1:2::a" });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ customerId: null, planId: "anonymous", remaining: 1 });
    expect((await check({ ip: "2001:db8:1:2:ffff::9" })).json.remaining).toBe(0);
    expect((await check({ ip: "2001:db8:1:2::b" })).status).toBe(429);
    expect((await check({ ip: "2001:db8:1:3::a" })).status).toBe(200);
    expect((await check({ ip: "203.0.113.7" })).json.remaining).toBe(1);
    expect((await check({ ip: "203.0.113.8" })).json.remaining).toBe(1);
  });
});
