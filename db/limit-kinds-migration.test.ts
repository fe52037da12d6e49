// Migration 0001 (limit kinds): a database made before it keeps every plan, customer and counter meaning what it
// meant. The database is built by the first migration alone, filled the old way, then opened by today's app.
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { expect, test } from "vitest";
import { testApp } from "../api/src/testing/test-app";

const migrations = new URL("./migrations/", import.meta.url);

test("plans and customers made before perWeek, perMonth, resources and billingDay keep their limits", async () => {
  // The migrations folder as it was: 0000 alone.
  const before = mkdtempSync(join(tmpdir(), "bouncer-migrations-"));
  mkdirSync(join(before, "meta"));
  copyFileSync(new URL("0000_init.sql", migrations), join(before, "0000_init.sql"));
  const journal = JSON.parse(
    await (await import("node:fs/promises")).readFile(new URL("meta/_journal.json", migrations), "utf8"),
  );
  writeFileSync(join(before, "meta/_journal.json"), JSON.stringify({ ...journal, entries: [journal.entries[0]] }));

  const url = `file:${join(mkdtempSync(join(tmpdir(), "bouncer-old-")), "quota.db")}`;
  const client = createClient({ url });
  await migrate(drizzle(client), { migrationsFolder: before });
  const at = "2026-11-01T00:00:00.000Z";
  await client.execute({
    sql: "INSERT INTO plans (id, name, burst, per_minute, per_hour, per_day, fail_mode, shadow, version, created_at, updated_at) VALUES ('pro', 'Pro', 20, 100, 5000, 50000, 'closed', 0, 3, ?, ?)",
    args: [at, at],
  });
  await client.execute({
    sql: `INSERT INTO customers (id, name, plan_id, overrides, version, created_at, updated_at) VALUES ('acme', 'Acme', 'pro', '{"perDay":100000}', 2, ?, ?)`,
    args: [at, at],
  });
  client.close();

  const app = await testApp({ url });
  expect((await app.call("GET", "/v1/plans/pro")).json).toEqual({
    id: "pro",
    name: "Pro",
    burst: 20,
    perMinute: 100,
    perHour: 5000,
    perDay: 50000,
    perWeek: null,
    perMonth: null,
    // Nor a limit on requests in flight, added after them (0009_concurrent): no check takes a lease.
    concurrent: null,
    resources: {},
    failMode: "closed",
    shadow: false,
    // Nor a local share, added after them (0002_local_share): every check still goes to the store.
    localShare: null,
    // Nor alerts, added after them (0007_alerts).
    alerts: [],
    version: 3,
    createdAt: at,
    updatedAt: at,
  });
  expect((await app.call("GET", "/v1/customers/acme")).json).toMatchObject({
    billingDay: null,
    overrides: { perDay: 100000 },
    version: 2,
  });
  // Its checks see the same limits as before: the bucket, the hour and the overridden day, nothing more.
  const key = (await app.call("POST", "/v1/customers/acme/keys")).json.key;
  const check = await app.call("POST", "/v1/check", { body: { key } });
  expect(check.json.limits.map((l: { name: string; limit: number }) => [l.name, l.limit])).toEqual([
    ["burst", 20],
    ["hour", 5000],
    ["day", 100000],
  ]);
  app.client.close();
});
