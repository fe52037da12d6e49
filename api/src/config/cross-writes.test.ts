// A plan's edit and a customer's edit checked against each other's rows as they were read: on two servers sharing one
// database, the other's write can land between one's check and its write (an audit: both answered 200 in 12 of 15
// runs, and left a customer checked against hour 1000 and day 500). Each write pins what its check read, so that a
// write landing in between makes it check again. The other write is run here at that exact moment: when the one's
// check has read the rows the other changes.
import type { InStatement } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { beforeEach, expect, test } from "vitest";
import { createDb } from "../../../db/client";
import { migrateDb } from "../../../db/migrate";
import * as schema from "../../../db/schema";
import { CustomerCreate, type CustomerPatch, overridesViolation } from "../domain/customer";
import { type PlanCreate, PlanCreate as PlanCreateSchema, type PlanPatch } from "../domain/plan";
import { createCustomerStore } from "./customers";
import { createPlanStore } from "./plans";

const now = () => new Date("2026-11-30T10:00:00.000Z");

let plans: ReturnType<typeof createPlanStore>;
let customers: ReturnType<typeof createCustomerStore>;
/** Run once, after the next read whose SQL matches, before its rows are handed back. */
let between: { read: RegExp; run: () => Promise<unknown> } | null;

beforeEach(async () => {
  const made = await createDb({ url: ":memory:" });
  await migrateDb(made.db);
  const execute = made.client.execute.bind(made.client);
  made.client.execute = (async (statement: InStatement) => {
    const result = await execute(statement);
    const sql = typeof statement === "string" ? statement : statement.sql;
    const hook = between;
    if (hook?.read.test(sql)) {
      between = null;
      await hook.run();
    }
    return result;
  }) as typeof made.client.execute;
  const db = drizzle(made.client, { schema }) as unknown as typeof made.db;
  plans = createPlanStore(db, now);
  customers = createCustomerStore(db, plans, now);
  between = null;
  const plan: PlanCreate = PlanCreateSchema.parse({ id: "sk", name: "Sk", perHour: 100, perDay: 10_000 });
  await plans.create(plan, "test");
  await plans.create(PlanCreateSchema.parse({ id: "other", name: "Other", perDay: 10 }), "test");
});

/** Whether every customer obeys the plan rules on its plan, as it stands. */
async function everyoneObeys(): Promise<boolean> {
  for (const c of [await customers.get("acme")]) {
    if (!c) continue;
    const plan = await plans.get(c.planId);
    if (!plan || overridesViolation(plan, c.overrides) !== null) return false;
  }
  return true;
}

const raise: PlanPatch = { perHour: 1000 };
const tight: CustomerPatch = { overrides: { perDay: 500 } };

test("a customer's overrides checked against the plan as it was: the plan's edit lands in between", async () => {
  await customers.create(CustomerCreate.parse({ id: "acme", name: "Acme", planId: "sk" }), "test");
  let plan: unknown;
  between = { read: /from "plans"/i, run: async () => (plan = await plans.update("sk", raise, undefined, "b")) };
  const customer = await customers.update("acme", tight, undefined, "a");
  expect(plan).toMatchObject({ ok: true });
  expect(customer).toMatchObject({ ok: false, code: "invalid_request" });
  expect(await everyoneObeys()).toBe(true);
});

test("a customer made on the plan as it was: the plan's edit lands in between", async () => {
  let plan: unknown;
  between = { read: /from "plans"/i, run: async () => (plan = await plans.update("sk", raise, undefined, "b")) };
  const made = await customers.create(
    CustomerCreate.parse({ id: "acme", name: "Acme", planId: "sk", overrides: { perDay: 500 } }),
    "a",
  );
  expect(plan).toMatchObject({ ok: true });
  expect(made).toMatchObject({ ok: false, code: "invalid_request" });
  expect(await customers.get("acme")).toBeNull();
});

test("a plan's edit checked against its customers as they were: a customer's edit lands in between", async () => {
  await customers.create(CustomerCreate.parse({ id: "acme", name: "Acme", planId: "sk", overrides: {} }), "test");
  let customer: unknown;
  between = {
    // What a plan's edit reads of its customers: the bounds their overrides put on it (override-bounds.ts).
    read: /override_bounds/i,
    run: async () => (customer = await customers.update("acme", tight, undefined, "b")),
  };
  const plan = await plans.update("sk", raise, undefined, "a");
  expect(customer).toMatchObject({ ok: true });
  expect(plan).toMatchObject({ ok: false, code: "conflict" });
  expect(await everyoneObeys()).toBe(true);
});

test("a plan's edit checked against its customers as they were: a customer moved onto it lands in between", async () => {
  await customers.create(CustomerCreate.parse({ id: "acme", name: "Acme", planId: "other" }), "test");
  let customer: unknown;
  between = {
    // What a plan's edit reads of its customers: the bounds their overrides put on it (override-bounds.ts).
    read: /override_bounds/i,
    run: async () =>
      (customer = await customers.update("acme", { planId: "sk", overrides: { perDay: 500 } }, undefined, "b")),
  };
  const plan = await plans.update("sk", raise, undefined, "a");
  expect(customer).toMatchObject({ ok: true });
  expect(plan).toMatchObject({ ok: false, code: "conflict" });
  expect(await everyoneObeys()).toBe(true);
});

test("with If-Match, a write whose check went stale is checked again, not refused as changed meanwhile", async () => {
  await customers.create(CustomerCreate.parse({ id: "acme", name: "Acme", planId: "sk" }), "test");
  between = { read: /from "plans"/i, run: () => plans.update("sk", { perHour: 200 }, undefined, "b") };
  const renamed = await customers.update("acme", { name: "Acme Ltd" }, [1], "a");
  expect(renamed).toMatchObject({ ok: true, value: { name: "Acme Ltd", version: 2 } });
});
