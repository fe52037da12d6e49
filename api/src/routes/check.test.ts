// The check suite (testing/check.ts) in process, and what needs the in-process app: exact instants on a clock the test
// moves, the counter store's calls, the database gone, a second server on the same file.
import { beforeEach, describe, expect, test } from "vitest";
import type { CounterStore } from "../quota/store";
import { createMemoryStore } from "../quota/stores/memory-store";
import { scheduleByHand } from "../testing/schedule-by-hand";
import { nodeHost, type TestApp, testApp } from "../testing/test-app";
import { describeCheckRoutes, invalidChecks } from "./testing/check";
import { customerWithKey } from "./testing/fixtures";

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
  ({ customerId, key, service } = await customerWithKey(t, plan));
}

const check = (body: Record<string, unknown>, token = service) => t.call("POST", "/v1/check", { token, body });

describeCheckRoutes(nodeHost);

describe("POST /v1/check under a set clock", () => {
  beforeEach(() => setup());

  test("allowed: the resets are the exact instants, in the body and the headers", async () => {
    const res = await check({ key, cost: 1 });
    const nowS = T0 / 1000;
    // One request drains at 100 a minute in 0.6 s.
    expect(res.json.reset).toBe(nowS + 1);
    expect(res.json.limits.map((l: { reset: number }) => l.reset)).toEqual([
      nowS + 1,
      nowS + 3600,
      Date.parse("2026-12-01T00:00:00Z") / 1000,
    ]);
    expect(res.headers.get("x-ratelimit-reset")).toBe(String(nowS + 1));
    expect(res.headers.get("ratelimit-policy")).toBe('"burst";q=20;w=12, "hour";q=5000;w=3600, "day";q=50000;w=86400');
    expect(res.headers.get("ratelimit")).toBe('"burst";r=19;t=1');
  });

  test("denied: the wait and the reset are the exact instants, with no jitter drawn", async () => {
    await check({ key, cost: 20 });
    const res = await check({ key, cost: 1 });
    expect(res.status).toBe(429);
    expect(res.json.retryAfter).toBe(1);
    expect(res.json.reset).toBe(T0 / 1000 + 12);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.headers.get("ratelimit")).toBe('"burst";r=0;t=1');
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

  test.each(invalidChecks)("%j never reaches the counter store", async (body) => {
    expect((await check(body)).status).toBe(400);
    expect(s.calls.check).toBe(0);
  });

  test("a denied customer is answered from memory until its retry time: a flood never reaches the store", async () => {
    // The config's change watcher would see this setup's own writes at its first tick and rightly drop every
    // remembered denial; with a long TTL that tick comes after the flood however slow the machine is.
    await setup(pro, { cacheTtlMs: 600_000 });
    await check({ key, cost: 20 });
    expect(s.calls.check).toBe(1);
    for (let i = 0; i < 500; i++) expect((await check({ key })).status).toBe(429);
    expect(s.calls.check).toBe(2);
    // Another cost is asked of the store (a bigger one may wait longer than the remembered denial says; an audit
    // had a Retry-After of 2 s for a cost that needed 8), once: its own denial is remembered then.
    for (let i = 0; i < 3; i++) expect((await check({ key, cost: 5 })).status).toBe(429);
    expect(s.calls.check).toBe(3);
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

  // The other server's change watcher runs when the test says (schedule-by-hand.ts), not after a sleep.
  test("another server sees a plan edit and a revoked key once its change watcher runs", async () => {
    const { schedule, watcher, started } = scheduleByHand();
    const other = await testApp({ url: t.url, counters: createMemoryStore(), schedule });
    await started();
    const otherCheck = (body: Record<string, unknown>) => other.call("POST", "/v1/check", { token: service, body });
    expect((await otherCheck({ key })).json.limit).toBe(20);
    await t.call("PATCH", "/v1/plans/pro", { body: { burst: 7 } });
    await watcher().run();
    expect((await otherCheck({ key })).json.limit).toBe(7);
    const keyId = (await t.call("GET", `/v1/customers/${customerId}/keys`)).json.keys[0].id;
    await t.call("DELETE", `/v1/keys/${keyId}`);
    expect((await otherCheck({ key })).status).toBe(200);
    await watcher().run();
    expect((await otherCheck({ key })).json.error.code).toBe("unknown_key");
  });
});
