// The customer list read a page at a time: customers made in one millisecond keep their order across pages, and every
// read of a page (and of a plan's first customers) goes through an index, as EXPLAIN QUERY PLAN shows.
import { drizzle } from "drizzle-orm/libsql";
import { beforeEach, expect, test } from "vitest";
import { createDb } from "../../../db/client";
import { migrateDb } from "../../../db/migrate";
import * as schema from "../../../db/schema";
import { PlanCreate } from "../domain/plan";
import type { PageQuery } from "./customer-reads";
import { type CustomerStore, createCustomerStore } from "./customers";
import { createPlanStore } from "./plans";

// One millisecond for every write: ties on createdAt are the rule here, not a race.
const now = () => new Date("2026-11-30T10:00:00.000Z");

let store: CustomerStore;
let client: Awaited<ReturnType<typeof createDb>>["client"];
// The statements the store sent, as drizzle built them.
let sent: { sql: string; args: unknown[] }[];

beforeEach(async () => {
  const made = await createDb({ url: ":memory:" });
  client = made.client;
  await migrateDb(made.db);
  sent = [];
  const db = drizzle(client, {
    schema,
    logger: { logQuery: (sql, args) => sent.push({ sql, args }) },
  }) as unknown as typeof made.db;
  const plans = createPlanStore(db, now);
  await plans.create(PlanCreate.parse({ id: "pro", name: "Pro", perDay: 100 }), "test");
  store = createCustomerStore(db, plans, now);
});

/** Every page of the list for `query`, following `next` to the last. */
async function walk(query: Omit<PageQuery, "after">): Promise<string[][]> {
  const found: string[][] = [];
  let after: PageQuery["after"];
  do {
    const page = await store.page({ ...query, after });
    found.push(page.customers.map((c) => c.id));
    after = page.next ?? undefined;
  } while (after);
  return found;
}

test("customers made in the same millisecond come newest first by id, across pages, each once", async () => {
  for (const id of ["c3", "a1", "e5", "b2", "d4"]) {
    await store.create({ id, name: `Acme ${id}`, planId: "pro", billingDay: null }, "test");
  }
  expect(await walk({ limit: 2 })).toEqual([["e5", "d4"], ["c3", "b2"], ["a1"]]);
  expect(await walk({ q: "acme", limit: 2 })).toEqual([["e5", "d4"], ["c3", "b2"], ["a1"]]);
  expect(await walk({ q: "acme c", limit: 2 })).toEqual([["c3"]]);
});

test("a search of punctuation alone finds nothing, as no id or word starts with it; one of spaces is no search", async () => {
  for (const id of ["a1", "b2"])
    await store.create({ id, name: `Acme ${id}`, planId: "pro", billingDay: null }, "test");
  for (const q of ["%", "_", "--", "%_ ."]) expect(await walk({ q, limit: 10 }), q).toEqual([[]]);
  expect(await walk({ q: "  ", limit: 10 })).toEqual([["b2", "a1"]]);
});

/** A plan store whose every statement lands in `sent`, its batches' too (drizzle's logger sees only single ones). */
function planStoreSending() {
  const batch = client.batch.bind(client);
  client.batch = ((statements: { sql: string; args: unknown[] }[], mode) => {
    sent.push(...statements);
    return batch(statements as never, mode);
  }) as typeof client.batch;
  return createPlanStore(
    drizzle(client, { schema, logger: { logQuery: (sql, args) => sent.push({ sql, args }) } }) as never,
    now,
  );
}

/** SQLite's plan for every statement sent so far, each step's detail. */
async function stepsOfSent(): Promise<string[]> {
  const steps: string[] = [];
  for (const { sql, args } of sent) {
    const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: args as never });
    steps.push(...plan.rows.map((row) => String(row.detail)));
  }
  return steps;
}

/** SQLite's plan for the one statement `read` sends, each step's detail. */
async function planOf(read: () => Promise<unknown>): Promise<string[]> {
  sent = [];
  await read();
  expect(sent).toHaveLength(1);
  const [{ sql, args }] = sent as [(typeof sent)[0]];
  const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: args as never });
  return plan.rows.map((row) => String(row.detail));
}

test("each page is read through an index in the list's order, with neither a scan of the table nor a sort", async () => {
  await store.create({ id: "acme", name: "Acme Ltd", planId: "pro", billingDay: null }, "test");
  const after = { createdAt: now().toISOString(), id: "acme" };

  // The first page walks customers_created_at from its newest end and stops after limit + 1 rows.
  expect(await planOf(() => store.page({ limit: 100 }))).toEqual(["SCAN customers USING INDEX customers_created_at"]);
  expect(await planOf(() => store.page({ limit: 100, after }))).toEqual([
    "SEARCH customers USING INDEX customers_created_at ((created_at,id)<(?,?))",
  ]);
  expect(await planOf(() => store.page({ q: "Acme", limit: 100 }))).toEqual([
    "SEARCH customer_prefixes USING COVERING INDEX customer_prefixes_page (prefix=?)",
    "SEARCH customers USING INDEX sqlite_autoindex_customers_1 (id=?)",
  ]);
  expect(await planOf(() => store.page({ q: "Acme", limit: 100, after }))).toEqual([
    "SEARCH customer_prefixes USING COVERING INDEX customer_prefixes_page (prefix=? AND (created_at,customer_id)<(?,?))",
    "SEARCH customers USING INDEX sqlite_autoindex_customers_1 (id=?)",
  ]);
  // A refused plan delete names the plan's first customers from customers_plan_id alone.
  expect(await planOf(() => store.onPlan("pro", 3))).toEqual([
    "SEARCH customers USING COVERING INDEX customers_plan_id (plan_id=?)",
  ]);
});

test("the rows a customer is found by go and come with it, in the batches of its writes", async () => {
  await store.create({ id: "acme", name: "Acme Ltd", planId: "pro", billingDay: null }, "test");
  const prefixes = async () =>
    (await client.execute("SELECT prefix FROM customer_prefixes ORDER BY prefix")).rows.map((row) => row.prefix);
  expect(await prefixes()).toEqual(["a", "ac", "acm", "acme", "acme l", "acme lt", "acme ltd", "l", "lt", "ltd"]);

  await store.update("acme", { name: "Zed" }, undefined, "test");
  expect(await prefixes()).toEqual(["a", "ac", "acm", "acme", "z", "ze", "zed"]);
  // A change that keeps the name leaves them be.
  sent = [];
  await store.update("acme", { billingDay: 3 }, undefined, "test");
  expect(sent.some(({ sql }) => sql.includes("customer_prefixes"))).toBe(false);

  await store.remove("acme", undefined, "test");
  expect(await prefixes()).toEqual([]);
});

test("a plan edit reads no customer, only the bounds their overrides put on the plan, through one index", async () => {
  // A plan edit must not read every customer of the plan (at 200,000 it held the server for seconds).
  await store.create({ id: "plain", name: "Plain", planId: "pro", billingDay: null }, "test");
  await store.create(
    { id: "special", name: "Special", planId: "pro", billingDay: null, overrides: { perDay: 500 } },
    "test",
  );
  const plans = planStoreSending();
  sent = [];
  expect((await plans.update("pro", { perDay: 200 }, undefined, "test")).ok).toBe(true);
  const steps = await stepsOfSent();
  // No customer is read: the bounds their overrides put on the plan are, each range the edit breaks looked up in the
  // index, in the read and in the same read pinned in the audit entry's and the plan's writes.
  expect(steps.filter((step) => /customers/.test(step))).toEqual([]);
  expect(steps.filter((step) => /\bb\b|override_bounds/.test(step))).toEqual(
    Array(3).fill(
      "SEARCH b USING INDEX override_bounds_lookup (plan_id=? AND part=? AND field=? AND rule=? AND value>? AND value<?)",
    ),
  );
});

test("a plan delete refused while customers are on it sends no DELETE, and finds its first customer by the index", async () => {
  // SQLite refuses the foreign key's ON DELETE RESTRICT only after counting every customer on the plan, holding the
  // write lock meanwhile (audit: 47-52 ms at 600,000 customers on one plan, 0.5 s at 10 times that).
  await store.create({ id: "acme", name: "Acme", planId: "pro", billingDay: null }, "test");
  const plans = planStoreSending();
  sent = [];
  const refused = await plans.remove("pro", undefined, "test");
  expect(refused).toMatchObject({ ok: false, code: "conflict" });
  expect(sent.filter(({ sql }) => /^delete/i.test(sql))).toEqual([]);
  const steps = await stepsOfSent();
  expect(steps.filter((step) => /customers/.test(step))).toEqual([
    "SEARCH customers USING COVERING INDEX customers_plan_id (plan_id=?)",
  ]);
  // With none on it, it goes.
  await store.remove("acme", undefined, "test");
  expect((await plans.remove("pro", undefined, "test")).ok).toBe(true);
});
