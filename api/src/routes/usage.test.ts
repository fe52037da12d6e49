import { beforeEach, describe, expect, test } from "vitest";
import { createMemoryStore } from "../quota/memory-store";
import { type TestApp, testApp } from "../test-support";

const T0 = Date.parse("2026-11-30T10:41:30.000Z");

let t: TestApp;
let clock: { now: number };
let customerId: string;
let key: string;
let service: string;

beforeEach(async () => {
  clock = { now: T0 };
  const now = () => clock.now;
  t = await testApp({ counters: createMemoryStore({ now }), now, random: () => 0 });
  await t.call("POST", "/v1/plans", {
    body: { id: "pro", name: "Pro", burst: 5, perMinute: 60, perHour: 500, perDay: 5000 },
  });
  customerId = (
    await t.call("POST", "/v1/customers", { body: { name: "Acme", planId: "pro", overrides: { perDay: 9000 } } })
  ).json.id;
  key = (await t.call("POST", `/v1/customers/${customerId}/keys`)).json.key;
  service = (await t.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json.token;
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
      plan: {
        id: "pro",
        name: "Pro",
        burst: 5,
        perMinute: 60,
        perHour: 500,
        perDay: 9000,
        failMode: "open",
        shadow: false,
      },
    });
    expect(me.text).not.toContain(key);
  });

  test("an admin or service bearer has no /v1/me", async () => {
    expect((await t.call("GET", "/v1/me")).status).toBe(404);
    expect((await t.call("GET", "/v1/me/usage", { token: service })).status).toBe(403);
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

  test("history defaults to 60 minutes and goes back at most 1440", async () => {
    expect((await t.call("GET", "/v1/me/usage/history", { token: key })).json.points).toHaveLength(60);
    expect((await t.call("GET", "/v1/me/usage/history?minutes=1440", { token: key })).json.points).toHaveLength(1440);
    for (const bad of ["0", "1441", "ten", "1.5", ""]) {
      const res = await t.call("GET", `/v1/me/usage/history?minutes=${bad}`, { token: key });
      expect(res.status, bad).toBe(400);
      expect(res.json.error.code).toBe("invalid_request");
    }
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

  test("a reset takes no body: anything but none or {} is refused and clears nothing", async () => {
    await check();
    const path = `/v1/customers/${customerId}/reset`;
    expect((await t.call("POST", path, { body: "x", headers: { "content-type": "text/plain" } })).status).toBe(415);
    expect((await t.call("POST", path, { body: "{", headers: { "content-type": "application/json" } })).status).toBe(
      400,
    );
    expect((await t.call("POST", path, { body: { all: true } })).status).toBe(400);
    expect((await t.call("GET", `/v1/customers/${customerId}/usage`)).json.limits[0].remaining).toBe(4);
    expect((await t.call("POST", path, { body: {} })).status).toBe(200);
  });

  test("only admins reset, and only customers that exist", async () => {
    expect((await t.call("POST", `/v1/customers/${customerId}/reset`, { token: service })).status).toBe(403);
    expect((await t.call("POST", "/v1/customers/nope/reset")).status).toBe(404);
    expect(
      (await t.call("GET", "/v1/audit")).json.entries.some((e: { action: string }) => e.action === "customer.reset"),
    ).toBe(false);
  });
});
