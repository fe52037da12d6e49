// The usage suite (testing/usage.ts) in process, and what needs a clock the test sets: exact resets and minutes.
import { beforeEach, describe, expect, test } from "vitest";
import { createMemoryStore } from "../quota/stores/memory-store";
import { nodeHost, type TestApp, testApp } from "../testing/test-app";
import { customerWithKey } from "./testing/fixtures";
import { describeUsageRoutes, usageOverrides, usagePlan } from "./testing/usage";

const T0 = Date.parse("2026-11-30T10:41:30.000Z");

describeUsageRoutes(nodeHost);

// Exact resets and minutes: the server and the store on a clock only the test moves.
describe("under a set clock", () => {
  let t: TestApp;
  let clock: { now: number };
  let customerId: string;
  let key: string;
  let service: string;

  beforeEach(async () => {
    clock = { now: T0 };
    const now = () => clock.now;
    t = await testApp({ counters: createMemoryStore({ now }), now, random: () => 0 });
    ({ customerId, key, service } = await customerWithKey(t, usagePlan, usageOverrides));
  });

  const check = (cost = 1) => t.call("POST", "/v1/check", { token: service, body: { key, cost } });

  describe("usage", () => {
    test("a customer's usage has the entries of a check and reading it consumes nothing", async () => {
      await check(2);
      const usage = await t.call("GET", `/v1/customers/${customerId}/usage`, { token: service });
      expect(usage.status).toBe(200);
      expect(usage.json).toEqual({
        customerId,
        planId: "pro",
        limits: [
          { name: "burst", limit: 5, remaining: 3, reset: T0 / 1000 + 2, perMinute: 60 },
          { name: "hour", limit: 500, remaining: 498, reset: Date.parse("2026-11-30T11:00:00Z") / 1000 },
          { name: "day", limit: 9000, remaining: 8998, reset: Date.parse("2026-12-01T00:00:00Z") / 1000 },
        ],
      });
      for (let i = 0; i < 10; i++) await t.call("GET", `/v1/customers/${customerId}/usage`);
      expect((await t.call("GET", `/v1/customers/${customerId}/usage`)).json).toEqual(usage.json);
      expect((await t.call("GET", "/v1/me/usage", { token: key })).json).toEqual(usage.json);
    });

    test("history: one point per minute, oldest first, with allowed and denied checks", async () => {
      for (let i = 0; i < 6; i++) await check();
      clock.now = T0 + 60_000;
      await check();
      const history = await t.call("GET", "/v1/me/usage/history?minutes=3", { token: key });
      expect(history.status).toBe(200);
      expect(history.json).toEqual({
        points: [
          { minute: "2026-11-30T10:40:00Z", allowed: 0, denied: 0 },
          { minute: "2026-11-30T10:41:00Z", allowed: 5, denied: 1 },
          { minute: "2026-11-30T10:42:00Z", allowed: 1, denied: 0 },
        ],
      });
      expect((await t.call("GET", `/v1/customers/${customerId}/usage/history?minutes=3`)).json).toEqual(history.json);
    });

    test("history counts denials answered from memory too, within a second", async () => {
      for (let i = 0; i < 25; i++) await check();
      // Written once a second; poll a little past that, as a busy machine may run the timer late.
      const history = () => t.call("GET", "/v1/me/usage/history?minutes=1", { token: key });
      for (let waited = 0; waited < 5000 && (await history()).json.points[0].denied < 20; waited += 100) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await history()).json.points).toEqual([{ minute: "2026-11-30T10:41:00Z", allowed: 5, denied: 20 }]);
    });
  });

  describe("reset", () => {
    test("clears the customer's counters, forgets its denial, and is audited", async () => {
      for (let i = 0; i < 6; i++) await check();
      expect((await check()).status).toBe(429);
      const reset = await t.call("POST", `/v1/customers/${customerId}/reset`);
      expect(reset.status).toBe(200);
      expect(reset.json.limits.map((l: { remaining: number }) => l.remaining)).toEqual([5, 500, 9000]);
      expect((await check()).status).toBe(200);
      const entry = (await t.call("GET", "/v1/audit?limit=1")).json.entries[0];
      expect(entry).toMatchObject({ actor: "ADMIN_TOKEN", action: "customer.reset", target: customerId });
      expect(entry.before.limits.map((l: { remaining: number }) => l.remaining)).toEqual([0, 495, 8995]);
      expect(entry.after.limits.map((l: { remaining: number }) => l.remaining)).toEqual([5, 500, 9000]);
    });
  });
});
