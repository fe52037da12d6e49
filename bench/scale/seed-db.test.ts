// The SQL seed writes customers the service takes as its own: found by id and search, listed with their keys, and each
// key checks (its hash and prefix made as the service makes them).
import { expect, test } from "vitest";
import { testApp } from "../../api/src/testing/test-app";
import { OPEN_LIMITS } from "../seed";
import { apiKey, customerId, customerName, keyId, SEARCH } from "./customers";
import { seedCustomers } from "./seed-db";

test("seeded customers are what the API would have made: read, listed with their key, and their keys check", async () => {
  const t = await testApp();
  expect((await t.call("POST", "/v1/plans", { body: { id: "open", name: "Open", ...OPEN_LIMITS } })).status).toBe(201);
  const service = await t.call("POST", "/v1/tokens", { body: { name: "checks", role: "service" } });
  // More than one INSERT's worth of rows, and a remainder.
  const seeded = await seedCustomers(t.url, 1234, "open");
  expect(seeded.rows).toMatchObject({ customers: 1234, api_keys: 1234 });
  expect(seeded.rows.customer_prefixes).toBeGreaterThan(1234 * 20);
  expect(seeded.databaseBytes).toBeGreaterThan(0);
  // The Live page's total, counted by customer_count's triggers as the seed wrote.
  expect(await t.config.customers.count()).toBe(1234);
  expect((await t.call("GET", "/v1/usage")).json.total).toBe(1234);

  for (const i of [0, 499, 500, 1233]) {
    const check = await t.call("POST", "/v1/check", { token: service.json.token, body: { key: apiKey(i) } });
    expect(check.status, check.text).toBe(200);
    expect(check.json.customerId).toBe(customerId(i));
    const me = await t.call("GET", "/v1/me", { token: apiKey(i) });
    expect(me.json).toMatchObject({ id: customerId(i), name: customerName(i), planId: "open" });
  }
  const unknown = await t.call("POST", "/v1/check", { token: service.json.token, body: { key: apiKey(1234) } });
  expect(unknown.status).toBe(403);

  const customer = await t.call("GET", `/v1/customers/${customerId(7)}`);
  expect(customer.json).toMatchObject({ name: customerName(7), version: 1, overrides: null, billingDay: null });
  const keys = await t.call("GET", `/v1/customers/${customerId(7)}/keys`);
  expect(keys.json.keys).toEqual([
    expect.objectContaining({ id: keyId(7), prefix: apiKey(7).slice(0, 11), revokedAt: null }),
  ]);
  // The search finds them as it finds customers made through the API: one in 24 has a name starting with SEARCH,
  // newest first. The indexes dropped for the seed are back.
  const found = await t.call("GET", `/v1/customers?q=${SEARCH}&limit=3`);
  expect(found.json.customers.map((c: { id: string }) => c.id)).toEqual([1226, 1202, 1178].map(customerId));
  expect(customerName(1226).toLowerCase().startsWith(SEARCH)).toBe(true);
  const indexes = await t.client.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL");
  expect(indexes.rows.map((r) => r.name)).toEqual(
    expect.arrayContaining(["api_keys_hash_unique", "customer_prefixes_page"]),
  );
});
