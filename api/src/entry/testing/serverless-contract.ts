// The contract a serverless entry must keep, run against its real handler in process on a real Redis: the statuses,
// bodies and headers Node answers with, exact counting under concurrent invocations, the envelope, the fail modes.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RedisServer } from "../../../dev/redis-server";
import type { Answer, Call } from "../../testing/test-app";

/** One request through the entry's handler, as the route suites send theirs (testing/test-app.ts). */
export type Invoke = Call;
export type { Answer };

export type ServerlessHarness = {
  invoke: Invoke;
  /** The Redis behind the counter store (directly, or behind the Upstash endpoint), to stop and start. */
  redis: RedisServer;
  close(): Promise<void>;
};

export const ADMIN_TOKEN = "serverless-admin-token-0123456789";
/** Long enough that a loaded machine's own delays never look like an outage; an outage still shows within it. */
export const STORE_TIMEOUT_MS = 500;

/** The environment every serverless test entry starts with, beside its counter store's variables. */
export const baseEnv = (databaseUrl: string) => ({
  ADMIN_TOKEN,
  DATABASE_URL: databaseUrl,
  STORE_TIMEOUT_MS: String(STORE_TIMEOUT_MS),
  LOG_LEVEL: "error",
});

const plans = [
  // Holds 10, gains one every 10 s: nothing refills between the test's own checks.
  { id: "sl-pro", name: "Pro", burst: 10, perMinute: 6, perHour: 1000 },
  { id: "sl-daily", name: "Daily", perDay: 100 },
  { id: "sl-open", name: "Open", perHour: 1000, failMode: "open" },
  { id: "sl-closed", name: "Metered", perHour: 1000, failMode: "closed" },
];

/** `metricsNote`: how /metrics begins, saying whose counts they are; checked, with the counts, when given. */
export function describeServerlessEntry(
  name: string,
  start: () => Promise<ServerlessHarness>,
  { metricsNote }: { metricsNote?: string } = {},
) {
  describe(`${name}: the contract through the real handler`, () => {
    let h: ServerlessHarness;
    let service: string;
    const keys: Record<string, string> = {};
    const customers: Record<string, string> = {};
    const check = (planId: string, body: Record<string, unknown> = {}) =>
      h.invoke("POST", "/v1/check", { token: service, body: { key: keys[planId], ...body } });

    beforeAll(async () => {
      h = await start();
      for (const plan of plans) {
        expect((await h.invoke("POST", "/v1/plans", { token: ADMIN_TOKEN, body: plan })).status).toBe(201);
        const customer = await h.invoke("POST", "/v1/customers", {
          token: ADMIN_TOKEN,
          body: { name: `${plan.name} Ltd`, planId: plan.id },
        });
        expect(customer.status).toBe(201);
        customers[plan.id] = customer.json.id;
        const key = await h.invoke("POST", `/v1/customers/${customer.json.id}/keys`, { token: ADMIN_TOKEN });
        expect(key.status).toBe(201);
        keys[plan.id] = key.json.key;
      }
      const token = await h.invoke("POST", "/v1/tokens", {
        token: ADMIN_TOKEN,
        body: { name: "billing-svc", role: "service" },
      });
      expect(token.status).toBe(201);
      service = token.json.token;
    });

    afterAll(async () => {
      h?.redis.resume();
      await h?.close();
    });

    test("/healthz and /readyz answer, with both stores ready", async () => {
      const health = await h.invoke("GET", "/healthz", { token: null });
      expect([health.status, health.json]).toEqual([200, { status: "ok" }]);
      const ready = await h.invoke("GET", "/readyz", { token: null });
      expect([ready.status, ready.json]).toEqual([200, { status: "ok", configStore: "ok", counterStore: "ok" }]);
    });

    test("a check is allowed with the contract's body and headers, then denied with Retry-After", async () => {
      const allowed = await check("sl-pro", { cost: 1 });
      expect(allowed.status).toBe(200);
      expect(allowed.json).toEqual({
        allowed: true,
        customerId: customers["sl-pro"],
        planId: "sl-pro",
        limit: 10,
        remaining: 9,
        reset: expect.any(Number),
        limits: [
          { name: "burst", limit: 10, remaining: 9, reset: expect.any(Number), perMinute: 6 },
          { name: "hour", limit: 1000, remaining: 999, reset: expect.any(Number) },
        ],
        degraded: false,
        shadow: false,
      });
      // The bucket is full again 10 s after one unit left it; the hour ends on the hour.
      const now = Date.now() / 1000;
      expect(allowed.json.reset).toBeGreaterThan(now);
      expect(allowed.json.reset).toBeLessThanOrEqual(Math.ceil(now) + 10);
      expect(allowed.json.limits[1].reset % 3600).toBe(0);
      expect(allowed.headers.get("x-ratelimit-limit")).toBe("10");
      expect(allowed.headers.get("x-ratelimit-remaining")).toBe("9");
      expect(allowed.headers.get("x-ratelimit-reset")).toBe(String(allowed.json.reset));
      // w of the bucket: 10 units at 6 a minute refill from empty in 100 s.
      expect(allowed.headers.get("ratelimit-policy")).toBe('"burst";q=10;w=100, "hour";q=1000;w=3600');
      expect(allowed.headers.get("ratelimit")).toMatch(/^"burst";r=9;t=([1-9]|10)$/);
      expect(allowed.headers.get("retry-after")).toBeNull();
      expect(allowed.headers.get("content-type")).toBe("application/json");
      expect(allowed.headers.get("x-request-id")).toEqual(expect.any(String));
      expect(allowed.headers.get("x-content-type-options")).toBe("nosniff");
      expect(allowed.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");

      expect((await check("sl-pro", { cost: 9 })).json).toMatchObject({ allowed: true, remaining: 0 });
      const denied = await check("sl-pro", { cost: 1 });
      expect(denied.status).toBe(429);
      expect(denied.json).toMatchObject({ allowed: false, limit: 10, remaining: 0, degraded: false, shadow: false });
      // The wait is under 10 s (one unit at 6 a minute), plus at most 1 s of jitter.
      expect(denied.json.retryAfter).toBeGreaterThanOrEqual(1);
      expect(denied.json.retryAfter).toBeLessThanOrEqual(11);
      expect(denied.headers.get("retry-after")).toBe(String(denied.json.retryAfter));
      expect(denied.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(denied.headers.get("ratelimit")).toMatch(/^"burst";r=0;t=\d+$/);
      // Nothing was consumed by the denial: the hour still holds what the two allowed checks left.
      expect(denied.json.limits[1].remaining).toBe(990);
      const usage = await h.invoke("GET", `/v1/customers/${customers["sl-pro"]}/usage`, { token: service });
      expect(usage.status).toBe(200);
      expect(usage.json.limits[1]).toMatchObject({ name: "hour", remaining: 990 });
    });

    test("300 concurrent invocations against a limit of 100 allow exactly 100", async () => {
      const answers = await Promise.all(Array.from({ length: 300 }, () => check("sl-daily")));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(100);
      expect(statuses.filter((s) => s === 429)).toHaveLength(200);
      expect(answers.filter((a) => a.json.degraded)).toEqual([]);
      const usage = await h.invoke("GET", `/v1/customers/${customers["sl-daily"]}/usage`, { token: service });
      expect(usage.json.limits).toEqual([{ name: "day", limit: 100, remaining: 0, reset: expect.any(Number) }]);
    });

    test("errors answer with the envelope and the request id", async () => {
      const invalid = await h.invoke("POST", "/v1/plans", {
        token: ADMIN_TOKEN,
        body: { id: "x", name: "X", perMinute: 10, perHour: 5 },
      });
      expect(invalid.status).toBe(400);
      expect(invalid.json).toEqual({
        error: { code: "invalid_request", message: expect.any(String), requestId: invalid.headers.get("x-request-id") },
      });
      const malformed = await h.invoke("POST", "/v1/check", { token: service, body: '{"key":' });
      expect([malformed.status, malformed.json.error.code]).toEqual([400, "invalid_request"]);
      const anonymous = await h.invoke("POST", "/v1/check", { token: null, body: { key: keys["sl-open"] } });
      expect([anonymous.status, anonymous.json.error.code]).toEqual([401, "unauthorized"]);
      const forbidden = await h.invoke("GET", "/v1/plans", { token: service });
      expect([forbidden.status, forbidden.json.error.code]).toEqual([403, "forbidden"]);
      const unknown = await h.invoke("POST", "/v1/check", { token: service, body: { key: "qk_nobody" } });
      expect([unknown.status, unknown.json.error.code]).toEqual([403, "unknown_key"]);
      const missing = await h.invoke("GET", "/v1/nothing-here", { token: ADMIN_TOKEN });
      expect([missing.status, missing.json.error.code]).toEqual([404, "not_found"]);
      expect(missing.json.error.requestId).toBe(missing.headers.get("x-request-id"));
    });

    test("a stopped store answers by each plan's fail mode, and checks count again once it is back", async () => {
      h.redis.pause();
      try {
        const open = await check("sl-open");
        expect(open.status).toBe(200);
        expect(open.json).toMatchObject({ allowed: true, degraded: true, reason: "store_unavailable" });
        expect(open.headers.get("x-ratelimit-limit")).toBe("1000");
        expect(open.headers.get("ratelimit-policy")).toBe('"hour";q=1000;w=3600');
        const closed = await check("sl-closed");
        expect(closed.status).toBe(503);
        expect(closed.json.error.code).toBe("store_unavailable");
        expect(closed.headers.get("retry-after")).toBe("1");
        const ready = await h.invoke("GET", "/readyz", { token: null });
        expect([ready.status, ready.json.error.message]).toEqual([503, "not answering: counter store"]);
      } finally {
        h.redis.resume();
      }
      // The breaker's probe notices the store is back; how soon depends on the machine, so wait for it.
      let answer = await check("sl-closed");
      for (const deadline = Date.now() + 20_000; answer.status !== 200 && Date.now() < deadline; ) {
        await new Promise((r) => setTimeout(r, 100));
        answer = await check("sl-closed");
      }
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ allowed: true, degraded: false });
    });

    test.runIf(metricsNote)(
      "/metrics counts this instance's checks, and says the counts are one instance's",
      async () => {
        const metrics = await h.invoke("GET", "/metrics", { token: null });
        expect(metrics.status).toBe(200);
        expect(metrics.text?.startsWith(`${metricsNote}`)).toBe(true);
        // 2 of the Pro customer's and 100 of the daily one's, and the metered check once the store was back.
        expect(metrics.text).toContain('bouncer_checks_total{result="allowed"} 103');
        expect(metrics.text).toContain('bouncer_checks_total{result="denied"} 201');
        expect(metrics.text).toContain('bouncer_checks_total{result="degraded"} 1');
      },
    );
  });
}
