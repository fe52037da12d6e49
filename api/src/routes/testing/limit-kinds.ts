// Issue 17's contract over a RouteHost, in process (limit-kinds.test.ts) and on the Worker: week and month limits,
// billing days, named resource limits in plans, overrides and checks, POST /v1/refund and daily usage.
import { beforeEach, describe, expect, test } from "vitest";
import type { RouteHost, RouteService } from "../../testing/test-app";
import { customerWithKey } from "./fixtures";

/** A metered plan: a bucket, a month, and an expensive resource with a bucket and a day of its own. */
export const metered = {
  id: "metered",
  name: "Metered",
  burst: 20,
  perMinute: 60,
  perDay: 1000,
  perMonth: 10_000,
  resources: { "ai.generate": { burst: 3, perMinute: 3, perDay: 3 } },
  failMode: "closed",
};

/** When the month from billing day `day` that `ms` falls in ends: that day of a month, or its last day. */
function monthEnd(ms: number, day: number): number {
  const start = (year: number, month: number) =>
    Date.UTC(year, month, Math.min(day, new Date(Date.UTC(year, month + 1, 0)).getUTCDate()));
  const now = new Date(ms);
  const [y, m] = [now.getUTCFullYear(), now.getUTCMonth()];
  return ms < start(y, m) ? start(y, m) : start(y, m + 1);
}

export function describeLimitKindRoutes(target: RouteHost) {
  describe("week and month limits, billing days, resources, refunds and daily usage", () => {
    let t: RouteService;
    let key: string;
    let customerId: string;
    let service: string;
    const check = (body: Record<string, unknown>) => t.call("POST", "/v1/check", { token: service, body });

    beforeEach(async () => {
      t = await target.fresh();
      ({ customerId, key, service } = await customerWithKey(t, metered));
    });

    test("a plan keeps perWeek, perMonth and resources, each resource's seven fields in full", async () => {
      const plan = (await t.call("GET", "/v1/plans/metered")).json;
      expect(plan).toMatchObject({ perWeek: null, perMonth: 10_000 });
      expect(plan.resources).toEqual({
        "ai.generate": {
          burst: 3,
          perMinute: 3,
          perHour: null,
          perDay: 3,
          perWeek: null,
          perMonth: null,
          concurrent: null,
        },
      });
      const patched = await t.call("PATCH", "/v1/plans/metered", { body: { perWeek: 5000, resources: {} } });
      expect(patched.status).toBe(200);
      expect(patched.json).toMatchObject({ perWeek: 5000, resources: {}, version: 2 });
    });

    test.each([
      [{ perDay: 1000, perMonth: 999 }, "perMonth must be ≥ perDay"],
      [{ perWeek: 100, perMonth: 50 }, "perMonth must be ≥ perWeek"],
      [{ perDay: 10, resources: { "ai.generate": { perHour: 5, perWeek: 4 } } }, "resource ai.generate: perWeek"],
      [{ perDay: 10, resources: { "ai.generate": { burst: 5 } } }, "resource ai.generate: burst needs perMinute"],
      [{ perDay: 10, resources: { "ai.generate": {} } }, "resource ai.generate: at least one of"],
      [{ perDay: 10, resources: { "AI!": { perDay: 1 } } }, "resource names must match"],
      [{ perDay: 10, resources: { x: { perDay: 1, perYear: 2 } } }, "perYear"],
      [{ concurrent: 1_000_001 }, "at most 1,000,000"],
      [{ concurrent: 0 }, "at least 1"],
      [{ concurrent: 2.5 }, "whole number"],
      [{ perDay: 10, resources: { "ai.generate": { concurrent: 2_000_000 } } }, "at most 1,000,000"],
      [
        { perDay: 10, resources: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`r${i}`, { perDay: 1 }])) },
        "at most 20 resources",
      ],
    ])("a plan that breaks a rule is refused with 400 and the rule: %j", async (limits, message) => {
      const res = await t.call("POST", "/v1/plans", { body: { id: "bad", name: "Bad", ...limits } });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("invalid_request");
      expect(res.json.error.message).toContain(message);
      expect((await t.call("GET", "/v1/plans/bad")).status).toBe(404);
    });

    // Found by an audit: a plan of 20 resources and overrides naming 5 more gave a customer 25.
    test("a customer's overrides may not take its resources past 20, the plan's and their own together", async () => {
      const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`r${i}`, { perDay: 1 }]));
      const plan = { id: "wide", name: "Wide", perDay: 10, resources: twenty };
      expect((await t.call("POST", "/v1/plans", { body: plan })).status).toBe(201);
      const made = await t.call("POST", "/v1/customers", { body: { name: "Wide", planId: "wide" } });
      expect(made.status).toBe(201);
      const same = await t.call("PATCH", `/v1/customers/${made.json.id}`, {
        body: { overrides: { resources: { r0: { perDay: 2 } } } },
      });
      expect(same.status).toBe(200);
      const more = await t.call("PATCH", `/v1/customers/${made.json.id}`, {
        body: { overrides: { resources: { extra: { perDay: 1 } } } },
      });
      expect([more.status, more.json.error?.code]).toEqual([400, "invalid_request"]);
      expect(more.json.error.message).toContain("at most 20 resources (got 21)");
      expect((await t.call("GET", `/v1/customers/${made.json.id}`)).json.version).toBe(2);
    });

    test("requests in flight are not a period: concurrent alone is a plan, and it is compared with no other limit", async () => {
      const alone = await t.call("POST", "/v1/plans", { body: { id: "inflight", name: "In flight", concurrent: 5 } });
      expect(alone.status).toBe(201);
      expect(alone.json).toMatchObject({ concurrent: 5, perMinute: null, perDay: null });
      const above = { id: "above", name: "Above", perMinute: 2, perDay: 3, concurrent: 1_000_000 };
      expect((await t.call("POST", "/v1/plans", { body: above })).status).toBe(201);
    });

    test("a customer's billingDay is 1 to 31 or null, and moves the month's reset to that day", async () => {
      for (const billingDay of [0, 32, 1.5, "17"]) {
        const res = await t.call("PATCH", `/v1/customers/${customerId}`, { body: { billingDay } });
        expect(res.status, `billingDay ${billingDay}`).toBe(400);
      }
      const before = Date.now();
      const plain = await check({ key });
      const after = Date.now();
      const month = plain.json.limits.find((l: { name: string }) => l.name === "month");
      expect([monthEnd(before, 1) / 1000, monthEnd(after, 1) / 1000]).toContain(month.reset);
      const patched = await t.call("PATCH", `/v1/customers/${customerId}`, { body: { billingDay: 31 } });
      expect(patched.json.billingDay).toBe(31);
      const t0 = Date.now();
      const res = await check({ key });
      const t1 = Date.now();
      const entry = res.json.limits.find((l: { name: string }) => l.name === "month");
      expect([monthEnd(t0, 31) / 1000, monthEnd(t1, 31) / 1000]).toContain(entry.reset);
      // The IETF policy's w of the month is the length of the customer's current month window, in seconds.
      const w = Number(res.headers.get("ratelimit-policy")?.match(/"month";q=10000;w=(\d+)/)?.[1]);
      expect([28, 29, 30, 31].map((days) => days * 86400)).toContain(w);
      expect(w).toBe((entry.reset * 1000 - previousMonthStart(entry.reset * 1000, 31)) / 1000);
    });

    test("a check that names a resource is held to the plan's limits and the resource's, in one step", async () => {
      const names = (res: { json: { limits: { name: string }[] } }) => res.json.limits.map((l) => l.name);
      const first = await check({ key, resource: "ai.generate", cost: 2 });
      expect(first.status).toBe(200);
      expect(names(first)).toEqual(["burst", "day", "month", "ai.generate/burst", "ai.generate/day"]);
      expect(first.json).toMatchObject({ limit: 3, remaining: 1 });
      expect(first.headers.get("ratelimit-policy")).toContain('"ai.generate/day";q=3;w=86400');
      const denied = await check({ key, resource: "ai.generate", cost: 2 });
      expect(denied.status).toBe(429);
      expect(denied.json.limits.find((l: { name: string }) => l.name === "ai.generate/day")).toMatchObject({
        remaining: 1,
      });
      expect(denied.headers.get("ratelimit")).toMatch(/^"ai\.generate\/day";r=1;t=\d+$/);
      // Nothing was taken from the plan's own limits by the denial: 2 of 20 used, by the first check.
      const plain = await check({ key });
      expect(plain.status).toBe(200);
      expect(names(plain)).toEqual(["burst", "day", "month"]);
      expect(plain.json.limits[1]).toMatchObject({ name: "day", remaining: 997 });
      // A resource the plan does not name is checked on the plan's own limits alone.
      expect(names(await check({ key, resource: "export" }))).toEqual(["burst", "day", "month"]);
      const bad = await check({ key, resource: "Not A Name" });
      expect(bad.status).toBe(400);
      expect(bad.json.error.message).toContain("resource");
    });

    test("usage lists the plan's limits, then every resource's, named as in the check", async () => {
      await check({ key, resource: "ai.generate" });
      const usage = await t.call("GET", `/v1/customers/${customerId}/usage`, { token: service });
      expect(usage.json.limits.map((l: { name: string; remaining: number }) => [l.name, l.remaining])).toEqual([
        ["burst", 19],
        ["day", 999],
        ["month", 9999],
        ["ai.generate/burst", 2],
        ["ai.generate/day", 2],
      ]);
    });

    test("a customer's resource overrides replace the plan resource's fields one by one", async () => {
      const res = await t.call("PATCH", `/v1/customers/${customerId}`, {
        body: { overrides: { resources: { "ai.generate": { perDay: 500 } } } },
      });
      expect(res.status).toBe(200);
      const checked = await check({ key, resource: "ai.generate" });
      expect(checked.json.limits.slice(3)).toMatchObject([
        { name: "ai.generate/burst", limit: 3 },
        { name: "ai.generate/day", limit: 500 },
      ]);
      const broken = await t.call("PATCH", `/v1/customers/${customerId}`, {
        body: { overrides: { resources: { "ai.generate": { perDay: 2 } } } },
      });
      expect(broken.status).toBe(400);
      expect(broken.json.error.message).toContain("resource ai.generate: perDay must be ≥ burst");
    });

    test("POST /v1/refund gives cost back to every limit of the check, never beyond a limit's size", async () => {
      await check({ key, resource: "ai.generate", cost: 3 });
      const refund = await t.call("POST", "/v1/refund", {
        token: service,
        body: { key, cost: 2, resource: "ai.generate" },
      });
      expect(refund.status).toBe(200);
      expect(refund.json.customerId).toBe(customerId);
      expect(refund.json.planId).toBe("metered");
      expect(refund.json.limits.map((l: { name: string; remaining: number }) => [l.name, l.remaining])).toEqual([
        ["burst", 19],
        ["day", 999],
        ["month", 9999],
        ["ai.generate/burst", 2],
        ["ai.generate/day", 2],
      ]);
      const again = await t.call("POST", "/v1/refund", {
        token: service,
        body: { key, cost: 50, resource: "ai.generate" },
      });
      expect(again.json.limits.map((l: { limit: number; remaining: number }) => l.remaining === l.limit)).toEqual(
        Array(5).fill(true),
      );
      const unknown = await t.call("POST", "/v1/refund", { token: service, body: { key: "qk_nope", cost: 1 } });
      expect([unknown.status, unknown.json.error.code]).toEqual([403, "unknown_key"]);
      const bad = await t.call("POST", "/v1/refund", { token: service, body: { key, cost: 0 } });
      expect([bad.status, bad.json.error.code]).toEqual([400, "invalid_request"]);
      expect((await t.call("POST", "/v1/refund", { token: key, body: { key, cost: 1 } })).status).toBe(403);
    });

    test("daily usage: one point per UTC day, oldest first, today's checks in the last, at most 400 days", async () => {
      await check({ key, resource: "ai.generate", cost: 3 });
      await check({ key, resource: "ai.generate" });
      const today = new Date().toISOString().slice(0, 10);
      const daily = await t.call("GET", `/v1/customers/${customerId}/usage/daily?days=3`);
      expect(daily.status).toBe(200);
      expect(daily.json.points).toHaveLength(3);
      const last = daily.json.points[2];
      // Unless the day turned between the checks and the read.
      if (last.day === today) expect(last).toEqual({ day: today, allowed: 1, denied: 1, units: 3 });
      expect(daily.json.points[0].day < daily.json.points[1].day).toBe(true);
      const mine = await t.call("GET", "/v1/me/usage/daily", { token: key });
      expect(mine.json.points).toHaveLength(90);
      expect((await t.call("GET", `/v1/customers/${customerId}/usage/daily?days=400`)).json.points).toHaveLength(400);
      expect((await t.call("GET", `/v1/customers/${customerId}/usage/daily?days=401`)).status).toBe(400);
      expect((await t.call("GET", `/v1/customers/${customerId}/usage/daily`, { token: service })).status).toBe(403);
      expect((await t.call("GET", "/v1/customers/nobody/usage/daily")).status).toBe(404);
    });
  });
}

/** When the month from billing day `day` that ends at `endMs` started. */
function previousMonthStart(endMs: number, day: number): number {
  const end = new Date(endMs);
  const [y, m] = [end.getUTCFullYear(), end.getUTCMonth() - 1];
  return Date.UTC(y, m, Math.min(day, new Date(Date.UTC(y, m + 1, 0)).getUTCDate()));
}
