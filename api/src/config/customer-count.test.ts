// The customer count (the Live page's total) is the row customer_count's triggers keep: exact after every create and
// delete, unchanged by a write that fails, and read by rowid, never by a pass over the customers.
import { drizzle } from "drizzle-orm/libsql";
import { beforeEach, expect, test } from "vitest";
import * as schema from "../../../db/schema";
import { type TestApp, testApp } from "../testing/test-app";
import { createCustomerStore } from "./customers";
import { createPlanStore } from "./plans";

let t: TestApp;

beforeEach(async () => {
  t = await testApp();
  expect((await t.call("POST", "/v1/plans", { body: { id: "pro", name: "Pro", perDay: 100 } })).status).toBe(201);
});

/** The count the store answers, which must be the one count(*) would. */
async function count(): Promise<number> {
  const counted = await t.client.execute("SELECT count(*) AS n FROM customers");
  const n = await t.config.customers.count();
  expect(n).toBe(Number(counted.rows[0]?.n));
  return n;
}

const create = (id: string) => t.call("POST", "/v1/customers", { body: { id, name: `Customer ${id}`, planId: "pro" } });

test("the count follows creates and deletes, a customer's keys going with it", async () => {
  expect(await count()).toBe(0);
  for (const id of ["a", "b", "c"]) expect((await create(id)).status).toBe(201);
  expect(await count()).toBe(3);
  for (const _ of [1, 2]) expect((await t.call("POST", "/v1/customers/b/keys")).status).toBe(201);

  expect((await t.call("DELETE", "/v1/customers/b")).status).toBe(204);
  expect(await count()).toBe(2);
  // The keys went by ON DELETE CASCADE, which counts nothing twice.
  expect((await t.client.execute("SELECT count(*) AS n FROM api_keys")).rows[0]?.n).toBe(0);
  expect((await t.call("GET", "/v1/usage")).json.total).toBe(2);

  expect((await t.call("DELETE", "/v1/customers/a")).status).toBe(204);
  expect((await t.call("DELETE", "/v1/customers/c")).status).toBe(204);
  expect(await count()).toBe(0);
  expect((await create("a")).status).toBe(201);
  expect(await count()).toBe(1);
});

test("a write that fails changes no count: a duplicate id, a missing plan, a batch that fails after the insert", async () => {
  expect((await create("a")).status).toBe(201);
  expect((await create("a")).status).toBe(409);
  expect(await count()).toBe(1);
  const lost = await t.call("POST", "/v1/customers", { body: { id: "b", name: "B", planId: "gone" } });
  expect(lost.status).toBe(400);
  expect(await count()).toBe(1);
  // The trigger's update is undone with the insert that fired it when a later statement of the batch fails.
  const insert = (id: string) => ({
    sql: "INSERT INTO customers (id, name, plan_id, version, created_at, updated_at) VALUES (?, 'X', 'pro', 1, '', '')",
    args: [id],
  });
  await expect(t.client.batch([insert("c"), insert("a")], "write")).rejects.toThrow(/UNIQUE/);
  expect(await count()).toBe(1);
  // A failed delete too: a customer that is not there.
  expect((await t.call("DELETE", "/v1/customers/zz")).status).toBe(404);
  expect(await count()).toBe(1);
});

test("the count is one read by rowid, not a scan of customers", async () => {
  const sent: { sql: string; args: unknown[] }[] = [];
  const db = drizzle(t.client, { schema, logger: { logQuery: (sql, args) => sent.push({ sql, args }) } });
  const plans = createPlanStore(db as unknown as TestApp["db"], () => new Date());
  const store = createCustomerStore(db as unknown as TestApp["db"], plans, () => new Date());
  for (const id of ["a", "b"]) expect((await create(id)).status).toBe(201);

  expect(await store.count()).toBe(2);
  expect(sent).toHaveLength(1);
  const [{ sql, args }] = sent as [(typeof sent)[0]];
  const plan = await t.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: args as never });
  expect(plan.rows.map((row) => String(row.detail))).toEqual([
    "SEARCH customer_count USING INTEGER PRIMARY KEY (rowid=?)",
  ]);
});
