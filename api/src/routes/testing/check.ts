// POST /v1/check's tests that hold on any clock, over a RouteHost: in process (check.test.ts) and on the Worker
// (entry/worker-routes.workerd.test.ts). Times are held between the test's own clock readings around the calls; the
// exact instants under a clock the test moves, and what needs the store or the database in hand, are check.test.ts's.
import { beforeEach, describe, expect, test } from "vitest";
import { ADMIN_TOKEN, type RouteHost, type RouteService } from "../../testing/test-app";
import { customerWithKey } from "./fixtures";

/**
 * One unit back a minute: on a real clock nothing refills between a test's checks, so every count stays exact. The
 * other limits are check.test.ts's `pro`.
 */
export const steady = { id: "pro", name: "Pro", burst: 20, perMinute: 1, perHour: 5000, perDay: 50000 };

/** Bodies /v1/check refuses with 400 invalid_request, and a word its message names. */
export const invalidChecks: [Record<string, unknown>, string][] = [
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
];

const seconds = (ms: number) => Math.ceil(ms / 1000);
const hourEnd = (ms: number) => Math.floor(ms / 3_600_000) * 3600 + 3600;
const dayEnd = (ms: number) => Math.floor(ms / 86_400_000) * 86400 + 86400;

/** `value` is what `at` gives for some instant between the clock readings `before` and `after`. */
function between(value: number, before: number, after: number, at: (ms: number) => number) {
  expect(value).toBeGreaterThanOrEqual(at(before));
  expect(value).toBeLessThanOrEqual(at(after));
}

export function describeCheckRoutes(target: RouteHost) {
  describe("POST /v1/check, on any clock", () => {
    let t: RouteService;
    let key: string;
    let customerId: string;
    let service: string;
    async function setup(plan: Record<string, unknown> = steady) {
      t = await target.fresh();
      ({ customerId, key, service } = await customerWithKey(t, plan));
    }
    const check = (body: Record<string, unknown>, token = service) => t.call("POST", "/v1/check", { token, body });

    beforeEach(() => setup());

    test("allowed: 200 with every field of contract section 5 and the rate-limit headers", async () => {
      const before = Date.now();
      const res = await check({ key, cost: 1 });
      const after = Date.now();
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        allowed: true,
        customerId,
        planId: "pro",
        limit: 20,
        remaining: 19,
        reset: res.json.limits[0].reset,
        limits: [
          { name: "burst", limit: 20, remaining: 19, reset: expect.any(Number), perMinute: 1 },
          { name: "hour", limit: 5000, remaining: 4999, reset: expect.any(Number) },
          { name: "day", limit: 50000, remaining: 49999, reset: expect.any(Number) },
        ],
        degraded: false,
        shadow: false,
      });
      // The unit taken is back a minute after the check; the hour and the day end on the clock's.
      between(res.json.reset, before, after, (ms) => seconds(ms) + 60);
      between(res.json.limits[1].reset, before, after, hourEnd);
      between(res.json.limits[2].reset, before, after, dayEnd);
      expect(res.headers.get("x-ratelimit-limit")).toBe("20");
      expect(res.headers.get("x-ratelimit-remaining")).toBe("19");
      expect(res.headers.get("x-ratelimit-reset")).toBe(String(res.json.reset));
      // w of the bucket: 20 units at 1 a minute refill from empty in 1200 s.
      expect(res.headers.get("ratelimit-policy")).toBe(
        '"burst";q=20;w=1200, "hour";q=5000;w=3600, "day";q=50000;w=86400',
      );
      expect(res.headers.get("ratelimit")).toBe('"burst";r=19;t=60');
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
      const before = Date.now();
      await check({ key, cost: 20 });
      const usage = await t.call("GET", `/v1/customers/${customerId}/usage`);
      const res = await check({ key, cost: 1 });
      const after = Date.now();
      expect(res.status).toBe(429);
      expect(res.json).toMatchObject({ allowed: false, limit: 20, remaining: 0, degraded: false, shadow: false });
      // Full again 20 minutes after the first check; one unit back a minute after it, plus up to 6 s of jitter.
      between(res.json.reset, before, after, (ms) => seconds(ms + 1_200_000));
      expect(res.json.retryAfter).toBeGreaterThanOrEqual(seconds(60_000 - (after - before)));
      expect(res.json.retryAfter).toBeLessThanOrEqual(66);
      expect(res.headers.get("retry-after")).toBe(String(res.json.retryAfter));
      expect(res.headers.get("ratelimit")).toBe(`"burst";r=0;t=${res.json.retryAfter}`);
      expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
      expect((await t.call("GET", `/v1/customers/${customerId}/usage`)).json).toEqual(usage.json);
    });

    test("a cost that can never pass gets 429 with retryAfter null and no Retry-After", async () => {
      const res = await check({ key, cost: 21 });
      expect(res.status).toBe(429);
      expect(res.json.retryAfter).toBeNull();
      expect(res.headers.get("retry-after")).toBeNull();
      expect(res.json.limits[1].remaining).toBe(5000);
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

    test.each(invalidChecks)("%j gets 400 invalid_request", async (body, hint) => {
      const res = await check(body);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("invalid_request");
      expect(res.json.error.message).toContain(hint);
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

    test("a resource override named like an inherited property (constructor) applies and obeys the rules", async () => {
      const customer = `/v1/customers/${customerId}`;
      const patch = (resources: Record<string, unknown>) =>
        t.call("PATCH", customer, { body: { overrides: { resources } } });
      expect((await patch({ constructor: { perHour: 5, perMinute: 100 } })).status).toBe(400);
      expect((await patch({ constructor: { perDay: 7 } })).status).toBe(200);
      const checked = await check({ key, resource: "constructor", cost: 2 });
      expect(checked.json.limits.find((l: { name: string }) => l.name === "constructor/day")).toMatchObject({
        limit: 7,
        remaining: 5,
      });
      expect((await check({ key, resource: "constructor", cost: 6 })).status).toBe(429);
    });

    test("a week or month limit the plan or the customer gains counts what its window has already used", async () => {
      const before = Date.now();
      for (let i = 0; i < 3; i++) expect((await check({ key })).status).toBe(200);
      expect((await t.call("PATCH", "/v1/plans/pro", { body: { perWeek: 100_000 } })).status).toBe(200);
      const week = await check({ key, cost: 2 });
      expect(
        (await t.call("PATCH", `/v1/customers/${customerId}`, { body: { overrides: { perMonth: 200_000 } } })).status,
      ).toBe(200);
      const month = await check({ key });
      // On a real clock: unless a week or a month began between the first check and the last.
      const weekOf = (ms: number) => Math.floor((ms - 4 * 86_400_000) / (7 * 86_400_000));
      const monthOf = (ms: number) => new Date(ms).getUTCFullYear() * 12 + new Date(ms).getUTCMonth();
      const now = Date.now();
      if (weekOf(before) !== weekOf(now) || monthOf(before) !== monthOf(now)) return;
      expect(week.json.limits.map((l: { name: string; remaining: number }) => [l.name, l.remaining])).toEqual([
        ["burst", 15],
        ["hour", 4995],
        ["day", 49995],
        ["week", 99995],
      ]);
      expect(month.json.limits.slice(3).map((l: { name: string; remaining: number }) => [l.name, l.remaining])).toEqual(
        [
          ["week", 99994],
          ["month", 199994],
        ],
      );
    });

    test("a shadow plan never denies: 200 with shadow true when it would have denied", async () => {
      await setup({ ...steady, id: "trial", burst: 1, shadow: true });
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

    test("a remembered denial does not hide that a cost can never pass", async () => {
      await check({ key, cost: 20 });
      expect((await check({ key })).json.retryAfter).toEqual(expect.any(Number));
      const never = await check({ key, cost: 21 });
      expect(never.status).toBe(429);
      expect(never.json.retryAfter).toBeNull();
    });

    test("a plan edit on this server drops the remembered denials at once", async () => {
      await check({ key, cost: 20 });
      expect((await check({ key })).status).toBe(429);
      await t.call("PATCH", "/v1/plans/pro", { body: { burst: 40 } });
      expect((await check({ key })).status).toBe(200);
    });
  });

  describe("POST /v1/check by IP, on any clock", () => {
    let t: RouteService;
    let service: string;
    const check = (body: Record<string, unknown>) => t.call("POST", "/v1/check", { token: service, body });

    beforeEach(async () => {
      t = await target.fresh();
      ({ service } = await customerWithKey(t, steady));
    });

    test("without a plan `anonymous`, an IP check gets 403 unknown_key", async () => {
      const res = await check({ ip: "203.0.113.7" });
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe("unknown_key");
    });

    test("anonymous traffic is governed by plan `anonymous`, per IPv4 address and per IPv6 /64", async () => {
      await t.call("POST", "/v1/plans", { body: { id: "anonymous", name: "Anonymous", burst: 2, perMinute: 1 } });
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
}
