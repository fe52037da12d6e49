// The GET /v1/usage suite (testing/live.ts) in process, and what needs the store in hand: exact numbers under a set
// clock, and how many customers' reads are in flight at once (together a batching store merges them; not so many
// that the last outlast the store's time budget).
import { describe, expect, test } from "vitest";
import type { CounterStore } from "../quota/store";
import { createMemoryStore } from "../quota/stores/memory-store";
import { nodeTarget, testApp } from "../test-support";
import { READ_TOGETHER } from "./live";
import { customerWithKey } from "./testing/fixtures";
import { describeLiveRoutes } from "./testing/live";
import { usageOverrides, usagePlan } from "./testing/usage";

describeLiveRoutes(nodeTarget);

const T0 = Date.parse("2026-11-30T10:41:30.000Z");

describe("GET /v1/usage under a set clock", () => {
  test("a customer's row is its usage to the number, with its minutes added into the traffic", async () => {
    const now = () => T0;
    const t = await testApp({ counters: createMemoryStore({ now }), now, random: () => 0 });
    const { customerId, key, service } = await customerWithKey(t, usagePlan, usageOverrides);
    for (let i = 0; i < 7; i++) await t.call("POST", "/v1/check", { token: service, body: { key } });
    const usage = (await t.call("GET", `/v1/customers/${customerId}/usage`)).json;
    const board = (await t.call("GET", "/v1/usage")).json;
    expect(board.customers).toEqual([
      {
        ...usage,
        name: "Acme",
        allowed: 5,
        denied: 1,
        denying: ["burst"],
        overridden: ["day"],
      },
    ]);
    // The second denial was answered from memory and is not in the history until the limiter flushes it.
    expect(board.traffic.points).toHaveLength(60);
    expect(board.traffic.points.at(-1)).toEqual({ minute: "2026-11-30T10:41:00Z", allowed: 5, denied: 1 });
    expect(board.traffic.points.at(0)).toEqual({ minute: "2026-11-30T09:42:00Z", allowed: 0, denied: 0 });
  });
});

describe("GET /v1/usage reads", () => {
  test("each customer's usage and history together, READ_TOGETHER customers at a time", async () => {
    const memory = createMemoryStore();
    let inFlight = 0;
    const waves: number[] = [];
    // Each read answers a turn later, so reads made one after another would never overlap.
    const counted =
      <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
      async (...args: A) => {
        if (inFlight++ === 0) waves.push(0);
        waves[waves.length - 1] = Math.max(waves.at(-1) as number, inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight--;
        return read(...args);
      };
    const counters: CounterStore = { ...memory, usage: counted(memory.usage), history: counted(memory.history) };
    const t = await testApp({ counters });
    await t.call("POST", "/v1/plans", { body: { id: "free", name: "Free", perMinute: 10 } });
    const count = READ_TOGETHER + 20;
    for (let i = 0; i < count; i++) {
      const made = await t.config.customers.create({ name: `Customer ${i}`, planId: "free", billingDay: null }, "test");
      expect(made.ok).toBe(true);
    }
    const res = await t.call("GET", "/v1/usage?limit=5");
    expect(res.json.total).toBe(count);
    expect(res.json.customers).toHaveLength(5);
    // Two reads per customer: a full wave, then the rest.
    expect(waves).toEqual([2 * READ_TOGETHER, 40]);
  });
});
