// GET /v1/usage/export in process on the memory store: the rows are /usage/daily's, bad ranges are 400s, and the body
// is read from the store only as fast as the client takes it.
import { describe, expect, test } from "vitest";
import { seedCustomers } from "../../../bench/scale/seed-db";
import { StoreUnavailable } from "../quota/store";
import { createMemoryStore } from "../quota/stores/memory-store";
import { ADMIN_TOKEN, testApp } from "../testing/test-app";
import { exportHasResourceRows, exportMatchesDaily } from "./testing/usage-export-scenario";
import { EXPORT_PAGE, EXPORT_READ_DAYS } from "./usage-export";

// November asked on its 30th: 31 days back (a day more for a store clock ahead), so a hundred customers a group.
const NOVEMBER_30 = Date.parse("2026-11-30T12:00:00Z");
const READ_TOGETHER = EXPORT_READ_DAYS / 31;

describe("GET /v1/usage/export", () => {
  test("every customer's rows are its /usage/daily days with any check, in CSV and JSON", async () => {
    const clock = { now: 0 };
    await exportMatchesDaily(createMemoryStore({ now: () => clock.now }), clock);
  });

  test("a resource's checks have rows of their own after the plan's own, which counts every check", async () => {
    const clock = { now: 0 };
    await exportHasResourceRows(createMemoryStore({ now: () => clock.now }), clock);
  });

  test("a range that is not one of days from at most 400 days back to today is a 400 invalid_request", async () => {
    const now = Date.parse("2026-11-30T12:00:00.000Z");
    const t = await testApp({ counters: createMemoryStore({ now: () => now }), now: () => now });
    for (const query of [
      "from=2026-11-02&to=2026-11-01",
      "from=2026-11-01&to=2026-12-01",
      "from=2025-10-26&to=2026-11-01",
      "from=2026-02-30&to=2026-11-01",
      "from=2026-11-01&to=2026-11-31",
      "from=2026-11-1&to=2026-11-30",
      "from=2026-11-01",
      "to=2026-11-01",
      "from=2026-11-01&to=2026-11-30&format=xml",
    ]) {
      const res = await t.call("GET", `/v1/usage/export?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.error).toMatchObject({ code: "invalid_request", requestId: expect.any(String) });
    }
    // The oldest day kept, and today: 400 days in all.
    expect((await t.call("GET", "/v1/usage/export?from=2025-10-27&to=2026-11-30")).status).toBe(200);
    t.client.close();
  });

  test("a store down at the start is a 503 with the envelope; one that fails part way aborts the body", async () => {
    const memory = createMemoryStore();
    let failAfter = 0;
    let reads = 0;
    const counters = {
      ...memory,
      dailyParts: (subject: string, days: number) =>
        ++reads > failAfter ? Promise.reject(new StoreUnavailable()) : memory.dailyParts(subject, days),
      together() {
        return this;
      },
    };
    const t = await testApp({ counters, now: () => NOVEMBER_30 });
    await t.call("POST", "/v1/plans", { body: { id: "open", name: "Open", perMinute: 1000 } });
    await seedCustomers(t.url, 3 * READ_TOGETHER, "open");
    const down = await t.call("GET", "/v1/usage/export?from=2026-11-01&to=2026-11-30");
    expect(down.status).toBe(503);
    expect(down.json.error.code).toBe("store_unavailable");
    reads = 0;
    failAfter = READ_TOGETHER;
    const res = await t.app.request("/v1/usage/export?from=2026-11-01&to=2026-11-30&format=json", {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    expect(t.errors).toEqual([expect.objectContaining({ message: "usage export failed part way" })]);
    t.client.close();
  }, 60_000);

  test("customers and their days are read a page at a time, as fast as the client reads the body", async () => {
    const memory = createMemoryStore();
    const read: string[] = [];
    const counters = {
      ...memory,
      dailyParts: (subject: string, days: number) => {
        read.push(subject);
        return memory.dailyParts(subject, days);
      },
      together() {
        return this;
      },
    };
    const t = await testApp({ counters, now: () => NOVEMBER_30 });
    expect(READ_TOGETHER).toBe(100);
    await t.call("POST", "/v1/plans", { body: { id: "open", name: "Open", perMinute: 1000 } });
    const customers = EXPORT_PAGE * 2 + 234;
    await seedCustomers(t.url, customers, "open");
    const res = await t.app.request("/v1/usage/export?from=2026-11-01&to=2026-11-30", {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(res.status).toBe(200);
    // Answered once the first hundred were read; nothing more until the body is read.
    expect(read).toHaveLength(READ_TOGETHER);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 50));
    expect(read.length).toBeLessThanOrEqual(2 * READ_TOGETHER);
    while (!(await reader.read()).done);
    expect(new Set(read).size).toBe(customers);
    t.client.close();
  }, 60_000);
  // A year of two limit sets for 300 customers: sent at once, a hundred customers' calls kept Redis past the checks'
  // budget, and on the memory store the whole export ran in one turn, every check waiting for it.
  test("a year's export reads a few customers' days at a time, not a hundred's", async () => {
    const memory = createMemoryStore();
    let inFlight = 0;
    let most = 0;
    const counters = {
      ...memory,
      // Answered a turn later, as a network store would: what is in flight together can be counted (each customer's
      // days of its two limit sets).
      dailyParts: async (subject: string, days: number) => {
        inFlight += 2 * days;
        most = Math.max(most, inFlight);
        await new Promise((r) => setImmediate(r));
        inFlight -= 2 * days;
        return memory.dailyParts(subject, days);
      },
      together() {
        return this;
      },
    };
    const t = await testApp({ counters, now: () => NOVEMBER_30 });
    await t.call("POST", "/v1/plans", {
      body: { id: "api", name: "API", perMinute: 1000, resources: { "ai.gen": { perDay: 100 } } },
    });
    await seedCustomers(t.url, 300, "api");
    const from = new Date(NOVEMBER_30 - 399 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.app.request(`/v1/usage/export?from=${from}&to=2026-11-30`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(res.status).toBe(200);
    await res.text();
    // 400 days of two limit sets: three customers a group (2,400 days), never a hundred (80,000).
    expect(most).toBe(3 * 2 * 400);
    expect(most).toBeLessThanOrEqual(EXPORT_READ_DAYS);
    t.client.close();
  }, 60_000);

  test("on the memory store, a timer set as a long export starts runs before the export is done", async () => {
    const t = await testApp({ counters: createMemoryStore() });
    await t.call("POST", "/v1/plans", { body: { id: "open", name: "Open", perMinute: 1000 } });
    await seedCustomers(t.url, 200, "open");
    const from = new Date(Date.now() - 399 * 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const order: string[] = [];
    const exported = (async () => {
      const res = await t.app.request(`/v1/usage/export?from=${from}&to=${today}`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      await res.text();
      order.push("export");
    })();
    setTimeout(() => order.push("timer"), 0);
    await exported;
    expect(order).toEqual(["timer", "export"]);
    t.client.close();
  }, 60_000);
});
