// The usage, /v1/me and reset routes' tests that hold whatever the clock, over a RouteHost: in process
// (usage.test.ts) and on the Worker (entry/worker-routes.workerd.test.ts).
import { beforeEach, describe, expect, test } from "vitest";
import type { RouteHost, RouteService } from "../../testing/test-app";
import { customerWithKey } from "./fixtures";

/** Plan pro (5 at 60 a minute, 500 an hour), with a customer on it whose day is 9000. */
export const usagePlan = { id: "pro", name: "Pro", burst: 5, perMinute: 60, perHour: 500, perDay: 5000 };
export const usageOverrides = { perDay: 9000 };

export function describeUsageRoutes(target: RouteHost) {
  // One describe around both, so that the fixture is theirs alone.
  describe("usage, /v1/me and reset", () => {
    let t: RouteService;
    let customerId: string;
    let key: string;
    let service: string;
    beforeEach(async () => {
      t = await target.fresh();
      ({ customerId, key, service } = await customerWithKey(t, usagePlan, usageOverrides));
    });
    const check = (cost = 1) => t.call("POST", "/v1/check", { token: service, body: { key, cost } });

    describe("usage", () => {
      test("a customer reads only its own usage", async () => {
        await t.call("POST", "/v1/customers", { body: { id: "other", name: "Other", planId: "pro" } });
        const other = await t.call("GET", "/v1/customers/other/usage", { token: key });
        expect(other.status).toBe(403);
        expect(other.json.error.code).toBe("forbidden");
        expect((await t.call("GET", `/v1/customers/${customerId}/usage`, { token: key })).status).toBe(403);
        expect((await t.call("GET", `/v1/customers/${customerId}/usage/history`, { token: key })).status).toBe(403);
      });

      test("usage of an unknown customer gets 404", async () => {
        expect((await t.call("GET", "/v1/customers/nope/usage")).status).toBe(404);
        expect((await t.call("GET", "/v1/customers/nope/usage/history")).status).toBe(404);
      });

      test("/v1/me is the key's customer and the plan that applies to it, overrides included", async () => {
        const me = await t.call("GET", "/v1/me", { token: key });
        expect(me.status).toBe(200);
        expect(me.json).toEqual({
          id: customerId,
          name: "Acme",
          planId: "pro",
          billingDay: null,
          plan: {
            id: "pro",
            name: "Pro",
            burst: 5,
            perMinute: 60,
            perHour: 500,
            perDay: 9000,
            perWeek: null,
            perMonth: null,
            concurrent: null,
            resources: {},
            failMode: "open",
            shadow: false,
            alerts: [],
          },
          // The customer's own, so that the page can say which of the plan's values above are custom.
          overrides: { perDay: 9000 },
        });
        expect(me.text).not.toContain(key);
      });

      test("/v1/me's alerts are those that apply to the customer: its own when it overrides them, else its plan's", async () => {
        await t.call("PATCH", "/v1/plans/pro", { body: { alerts: [80, 100] } });
        expect((await t.call("GET", "/v1/me", { token: key })).json.plan.alerts).toEqual([80, 100]);
        await t.call("PATCH", `/v1/customers/${customerId}`, { body: { overrides: { perDay: 9000, alerts: [50] } } });
        expect((await t.call("GET", "/v1/me", { token: key })).json.plan.alerts).toEqual([50]);
      });

      test("an admin or service bearer has no /v1/me", async () => {
        expect((await t.call("GET", "/v1/me")).status).toBe(404);
        expect((await t.call("GET", "/v1/me/usage", { token: service })).status).toBe(403);
      });

      test("history defaults to 60 minutes and goes back at most 1440", async () => {
        expect((await t.call("GET", "/v1/me/usage/history", { token: key })).json.points).toHaveLength(60);
        expect((await t.call("GET", "/v1/me/usage/history?minutes=1440", { token: key })).json.points).toHaveLength(
          1440,
        );
        for (const bad of ["0", "1441", "ten", "1.5", ""]) {
          const res = await t.call("GET", `/v1/me/usage/history?minutes=${bad}`, { token: key });
          expect(res.status, bad).toBe(400);
          expect(res.json.error.code).toBe("invalid_request");
        }
      });
    });

    describe("reset", () => {
      test("a reset takes no body: anything but none or {} is refused and clears nothing", async () => {
        await check();
        const path = `/v1/customers/${customerId}/reset`;
        expect((await t.call("POST", path, { body: "x", headers: { "content-type": "text/plain" } })).status).toBe(415);
        expect(
          (await t.call("POST", path, { body: "{", headers: { "content-type": "application/json" } })).status,
        ).toBe(400);
        expect((await t.call("POST", path, { body: { all: true } })).status).toBe(400);
        // The hour and the day, which nothing refills between these calls, whatever the clock.
        const limits = (await t.call("GET", `/v1/customers/${customerId}/usage`)).json.limits;
        expect(limits.slice(1).map((l: { remaining: number }) => l.remaining)).toEqual([499, 8999]);
        expect((await t.call("POST", path, { body: {} })).status).toBe(200);
      });

      test("only admins reset, and only customers that exist", async () => {
        expect((await t.call("POST", `/v1/customers/${customerId}/reset`, { token: service })).status).toBe(403);
        expect((await t.call("POST", "/v1/customers/nope/reset")).status).toBe(404);
        expect(
          (await t.call("GET", "/v1/audit")).json.entries.some(
            (e: { action: string }) => e.action === "customer.reset",
          ),
        ).toBe(false);
      });
    });
  });
}
