// The GET /v1/usage suite (testing/usage-page.ts) in process, and what needs the store in hand: exact numbers under a set
// clock, and how many customers' reads are in flight at once (together a batching store merges them; not so many
// that the last outlast the store's time budget).
import { describe, expect, test } from "vitest";
import type { CounterStore } from "../quota/store";
import { createMemoryStore } from "../quota/stores/memory-store";
import { nodeHost, testApp } from "../testing/test-app";
import { customerWithKey } from "./testing/fixtures";
import { usageOverrides, usagePlan } from "./testing/usage";
import { describeLiveRoutes } from "./testing/usage-page";
import { NEAREST_READS, READ_TOGETHER, SPARE } from "./usage-page";
import { TOP_THROTTLED } from "./usage-page-rules";

describeLiveRoutes(nodeHost);

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
    // The second denial was answered from memory: not in the customer's history until the limiter flushes it, but in
    // the traffic at once, as this server marks the board before it reads it.
    expect(board.traffic.points).toHaveLength(60);
    expect(board.traffic.points.at(-1)).toEqual({ minute: "2026-11-30T10:41:00Z", allowed: 5, denied: 2 });
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
    // A search reads every customer it finds (up to MOST_MATCHES): here all of them.
    const res = await t.call("GET", "/v1/usage?q=customer&limit=5");
    expect(res.json.total).toBe(count);
    expect(res.json.customers).toHaveLength(5);
    // Two reads per customer: a full wave, then the rest.
    expect(waves).toEqual([2 * READ_TOGETHER, 40]);
  });
});

describe("GET /v1/usage lets checks in", () => {
  test("between groups of reads: a timer queued during the first group runs before the second (audit)", async () => {
    // A memory store answers in the turn it is asked: with no turn between groups, a search of 1,000 held every
    // check on the server for its whole read (100-230 ms measured).
    const memory = createMemoryStore();
    const order: string[] = [];
    let reads = 0;
    const counters: CounterStore = {
      ...memory,
      usage: (...args) => {
        if (reads++ === 0) setTimeout(() => order.push("timer"), 0);
        order.push("read");
        return memory.usage(...args);
      },
    };
    const t = await testApp({ counters });
    await t.call("POST", "/v1/plans", { body: { id: "free", name: "Free", perMinute: 10 } });
    for (let i = 0; i < READ_TOGETHER + 20; i++) {
      const made = await t.config.customers.create({ name: `Customer ${i}`, planId: "free", billingDay: null }, "t");
      expect(made.ok).toBe(true);
    }
    expect((await t.call("GET", "/v1/usage?q=customer&limit=5")).status).toBe(200);
    expect(order.indexOf("timer")).toBe(READ_TOGETHER);
  });
});

describe("GET /v1/usage at more customers", () => {
  /** What one refresh of the Live page costs: calls to the counter store and statements to the config store. */
  async function refreshCost(customers: number) {
    const memory = createMemoryStore();
    const calls: string[] = [];
    const counters = new Proxy(memory, {
      get(target, name) {
        const value = Reflect.get(target, name);
        if (typeof value !== "function" || name === "together") return value;
        return (...args: unknown[]) => {
          calls.push(String(name));
          return value.apply(target, args);
        };
      },
    });
    const t = await testApp({ counters });
    await t.call("POST", "/v1/plans", { body: { id: "free", name: "Free", perMinute: 10 } });
    const made = [];
    for (let i = 0; i < customers; i++) {
      const customer = await t.config.customers.create(
        { name: `Customer ${i}`, planId: "free", billingDay: null },
        "t",
      );
      if (customer.ok) made.push(customer.value.id);
    }
    // A tenth of them on the board, some near a limit, some denied.
    const marks = made.filter((_, i) => i % 10 === 0);
    await memory.markBoard({
      allowed: marks.length,
      denied: marks.reduce((n, _, i) => n + (i % 3), 0),
      customers: marks.map((subject, i) => ({ subject, left: (i % 10) / 10, denied: i % 3 })),
    });
    const statements: string[] = [];
    const client = t.client as unknown as { execute: (...args: unknown[]) => Promise<unknown> };
    const execute = client.execute.bind(client);
    client.execute = (...args) => {
      statements.push(String((args[0] as { sql?: string }).sql ?? args[0]));
      return execute(...args);
    };
    // Each sort refreshed twice: the first finds the board's shares grown (no check marked these customers), and
    // puts them back on it as they stand.
    const costs: Record<string, { calls: number; statements: number }> = {};
    for (const refresh of ["first", "again"]) {
      for (const sort of ["nearest", "denied", "name"]) {
        calls.length = 0;
        statements.length = 0;
        const res = await t.call("GET", `/v1/usage?sort=${sort}&limit=10`);
        expect(res.status).toBe(200);
        expect(res.json.customers).toHaveLength(10);
        expect(res.json.total).toBe(customers);
        costs[`${sort} ${refresh}`] = { calls: calls.length, statements: statements.length };
      }
    }
    return costs;
  }

  test("a refresh reads the page, not every customer: as many calls and statements at 1,000 customers as at 100", async () => {
    const [few, many] = [await refreshCost(100), await refreshCost(1000)];
    for (const sort of ["nearest", "denied", "name"]) {
      for (const cost of [few[`${sort} again`], many[`${sort} again`]]) {
        // Two reads for each customer on the page and for each of the most throttled, the board's two calls; the
        // count, the page, the most throttled, the plans and the statements of what was not in memory yet.
        expect(cost?.calls, sort).toBeLessThanOrEqual(2 * (10 + TOP_THROTTLED) + 2);
        expect(cost?.statements, sort).toBeLessThanOrEqual(5);
      }
    }
    // A board whose shares have grown is read again, NEAREST_READS times at most, its candidates read each time.
    for (const cost of [few["nearest first"], many["nearest first"]]) {
      expect(cost?.calls).toBeLessThanOrEqual(NEAREST_READS * (2 * (10 + SPARE) + 2) + 2 * TOP_THROTTLED);
      expect(cost?.statements).toBeLessThanOrEqual(2 * NEAREST_READS + 5);
    }
  }, 60_000);
});
