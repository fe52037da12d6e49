// Migration 0006 (customer count): a database that already has customers gets their number when it is migrated, and
// keeps it exact from then on. The database is built by the migrations before it, filled, then opened by today's app.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { expect, test } from "vitest";
import { testApp } from "../api/src/testing/test-app";

const migrations = new URL("./migrations/", import.meta.url);

/** A migrations folder holding those of today's before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), "bouncer-migrations-"));
  mkdirSync(join(folder, "meta"));
  const journal = JSON.parse(readFileSync(new URL("meta/_journal.json", migrations), "utf8"));
  const at = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, at);
  for (const { tag } of entries) copyFileSync(new URL(`${tag}.sql`, migrations), join(folder, `${tag}.sql`));
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return folder;
}

test("customers made before the count are counted when it is made, and after", async () => {
  const url = `file:${join(mkdtempSync(join(tmpdir(), "bouncer-old-")), "quota.db")}`;
  const client = createClient({ url });
  await migrate(drizzle(client), { migrationsFolder: migrationsBefore("0006_customer_count") });
  const at = "2026-11-01T00:00:00.000Z";
  await client.execute({
    sql: "INSERT INTO plans (id, name, per_day, fail_mode, shadow, version, created_at, updated_at) VALUES ('pro', 'Pro', 100, 'open', 0, 1, ?, ?)",
    args: [at, at],
  });
  await client.execute({
    sql: "INSERT INTO customers (id, name, plan_id, version, created_at, updated_at) SELECT 'c' || value, 'C', 'pro', 1, ?, ? FROM generate_series(1, 1234)",
    args: [at, at],
  });
  client.close();

  const app = await testApp({ url });
  expect(await app.config.customers.count()).toBe(1234);
  expect((await app.call("GET", "/v1/usage")).json.total).toBe(1234);
  const made = await app.call("POST", "/v1/customers", { body: { id: "new", name: "New", planId: "pro" } });
  expect(made.status).toBe(201);
  expect((await app.call("DELETE", "/v1/customers/c7")).status).toBe(204);
  expect((await app.call("DELETE", "/v1/customers/c8")).status).toBe(204);
  expect(await app.config.customers.count()).toBe(1233);
  // Migrated again (every start does): nothing applied twice.
  const again = await testApp({ url });
  expect(await again.config.customers.count()).toBe(1233);
  expect((await again.client.execute("SELECT count(*) AS n FROM customer_count")).rows[0]?.n).toBe(1);
});
