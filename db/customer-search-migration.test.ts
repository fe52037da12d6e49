// Migrations 0003-0004 (customer search): customers made before them are found by the same prefixes as those the
// service writes for a new customer. The database is built by the migrations before them, filled the old way, then
// opened by today's app, which applies them.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import fc from "fast-check";
import { expect, test } from "vitest";
import { searchPrefixes } from "../api/src/config/customer-search";
import { testApp } from "../api/src/testing/test-app";
import { migrationsUpTo } from "./testing/migrations-up-to";

// What a name may hold, ASCII punctuation and runs of spaces among it, and letters beyond ASCII in lower case: SQLite
// lowers only ASCII, so a capital beyond it is the one thing the backfill treats otherwise (its comment says so).
const letters = [..."aZ09 .-_'&(),/:;!?", " ", "  ", "é", "ß", "日本", "ø", "ğ"];
const names = fc.sample(fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: 12 }), {
  numRuns: 300,
  seed: 27,
});

test("customers made before the search are found by the prefixes a new customer gets", async () => {
  const url = `file:${join(mkdtempSync(join(tmpdir(), "bouncer-old-")), "quota.db")}`;
  const client = createClient({ url });
  await migrate(drizzle(client), { migrationsFolder: migrationsUpTo(3) });
  const at = "2026-11-01T00:00:00.000Z";
  await client.execute({
    sql: "INSERT INTO plans (id, name, per_day, fail_mode, shadow, version, created_at, updated_at) VALUES ('pro', 'Pro', 100, 'open', 0, 1, ?, ?)",
    args: [at, at],
  });
  const customers = [
    { id: "acme-EU", name: "Acme Ltd." },
    { id: "cus_7YqK2mP9xW4tLb3n", name: "  O'Brien & Sons -- Holdings  " },
    { id: "x", name: "!!!" },
    ...names.map((name, i) => ({ id: `c${i}`, name })),
  ];
  await client.batch(
    customers.map(({ id, name }) => ({
      sql: "INSERT INTO customers (id, name, plan_id, version, created_at, updated_at) VALUES (?, ?, 'pro', 1, ?, ?)",
      args: [id, name, at, at],
    })),
  );
  client.close();

  const app = await testApp({ url });
  const rows = await app.client.execute("SELECT customer_id, prefix, created_at FROM customer_prefixes");
  const stored = new Map<string, string[]>();
  for (const row of rows.rows) {
    expect(row.created_at).toBe(at);
    stored.set(String(row.customer_id), [...(stored.get(String(row.customer_id)) ?? []), String(row.prefix)]);
  }
  for (const customer of customers) {
    expect(stored.get(customer.id)?.sort() ?? [], JSON.stringify(customer)).toEqual(searchPrefixes(customer).sort());
  }
  expect(stored.get("cus_7YqK2mP9xW4tLb3n")).toContain("o brien sons holdings");

  const found = await app.call("GET", "/v1/customers?q=ltd");
  expect(found.json.customers.map((c: { id: string }) => c.id)).toEqual(["acme-EU"]);
});
