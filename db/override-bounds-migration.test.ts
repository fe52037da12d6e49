// Migration 0011 (override bounds): the overrides of customers made before it ask of their plans what the service
// writes for every customer since (api/src/domain/override-bounds.ts). The database is built by the migrations before
// it, filled the old way, then opened by today's app, which applies it; then a plan edit decides from what it wrote.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import fc from "fast-check";
import { expect, test } from "vitest";
import { LIMIT_FIELDS } from "../api/src/domain/limit-kinds";
import { boundsOf } from "../api/src/domain/override-bounds";
import { testApp } from "../api/src/testing/test-app";
import { migrationsBefore } from "./testing/migrations-up-to";

// Every field left out, taken away (null) or set, of the plan's own limits and of resources'.
const value = fc.constantFrom(null, 1, 5, 10, 50, 1000);
const limits = fc.record(Object.fromEntries(LIMIT_FIELDS.map((f) => [f, value])), { requiredKeys: [] });
const overrides = fc.record(
  {
    ...Object.fromEntries(LIMIT_FIELDS.map((f) => [f, value])),
    resources: fc.dictionary(fc.constantFrom("a", "b", "ai.generate", "x:y"), limits, { maxKeys: 4 }),
    failMode: fc.constantFrom("open", "closed"),
    alerts: fc.constant([80]),
  },
  { requiredKeys: [] },
);
const samples = fc.sample(overrides, { numRuns: 400, seed: 11 });

test("customers made before the bounds ask of their plans what a customer made since does", async () => {
  const url = `file:${join(mkdtempSync(join(tmpdir(), "bouncer-old-")), "quota.db")}`;
  const client = createClient({ url });
  await migrate(drizzle(client), { migrationsFolder: migrationsBefore("0011_override_bounds") });
  const at = "2026-11-01T00:00:00.000Z";
  await client.execute({
    sql: "INSERT INTO plans (id, name, per_hour, per_day, fail_mode, shadow, version, created_at, updated_at) VALUES ('pro', 'Pro', 100, 1000, 'open', 0, 1, ?, ?), ('any', 'Any', 100, 1000, 'open', 0, 1, ?, ?)",
    args: [at, at, at, at],
  });
  // Random overrides (many of them breaking rules on any plan) on a plan of their own.
  const customers = [
    { id: "plain", planId: "pro", overrides: null },
    { id: "tight", planId: "pro", overrides: { perDay: 500 } },
    // Each rule's own case: no limit at all, an empty resource, a bucket's refill taken away, a burst alone.
    { id: "flag", planId: "any", overrides: { failMode: "closed" } },
    { id: "empty", planId: "any", overrides: { resources: { a: {} } } },
    { id: "no-refill", planId: "any", overrides: { perMinute: null } },
    { id: "burst", planId: "any", overrides: { burst: 5 } },
    ...samples.map((o, i) => ({ id: `c${i}`, planId: "any", overrides: o })),
  ];
  await client.batch(
    customers.map(({ id, planId, overrides }) => ({
      sql: "INSERT INTO customers (id, name, plan_id, overrides, version, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)",
      args: [id, id, planId, overrides === null ? null : JSON.stringify(overrides), at, at],
    })),
  );
  client.close();

  const app = await testApp({ url });
  const rows = await app.client.execute("SELECT customer_id, plan_id, part, rule, field, value FROM override_bounds");
  const stored = new Map<string, string[]>();
  for (const row of rows.rows) {
    const id = String(row.customer_id);
    expect(row.plan_id).toBe(customers.find((c) => c.id === id)?.planId);
    stored.set(id, [...(stored.get(id) ?? []), JSON.stringify([row.part, row.rule, row.field, Number(row.value)])]);
  }
  const written = (o: unknown) => boundsOf(o as never).map((b) => JSON.stringify([b.part, b.rule, b.field, b.value]));
  for (const customer of customers) {
    expect(stored.get(customer.id)?.sort() ?? [], JSON.stringify(customer)).toEqual(written(customer.overrides).sort());
  }
  // A plan edit decides from them: tight's day of 500 under an hour of 600 is refused, one of 500 is not.
  const edit = await app.call("PATCH", "/v1/plans/pro", { body: { perHour: 600 } });
  expect(edit.status).toBe(409);
  expect(edit.json.error.message).toContain("customer tight");
  expect((await app.call("PATCH", "/v1/plans/pro", { body: { perHour: 500 } })).status).toBe(200);
});
