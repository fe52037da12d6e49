// Servers started together on a new database file each migrate it: one applies the migrations, the others find them
// applied, and none fails to start (one did, "table `api_keys` already exists", in 10 of 125 starts of three).
import { expect, test } from "vitest";
import { tempDatabaseUrl } from "../api/src/testing/temp-database";
import { createDb } from "./client";
import { migrateDb } from "./migrate";

test("four servers migrating one new file at once all start, and the migrations are applied once", async () => {
  const url = tempDatabaseUrl("migrate");
  const servers = await Promise.all([1, 2, 3, 4].map(() => createDb({ url })));
  const [first] = servers;
  if (!first) throw new Error("no server");
  try {
    // Each migration reads what is applied, then writes: at once, every one of them reads that nothing is.
    await Promise.all(servers.map(({ db }) => migrateDb(db)));
    const { rows } = await first.client.execute(
      "SELECT count(*) AS n, count(DISTINCT hash) AS d FROM __drizzle_migrations",
    );
    expect(rows[0]?.n).toBe(rows[0]?.d);
    expect((await first.client.execute("SELECT count(*) AS n FROM plans")).rows[0]?.n).toBe(0);
  } finally {
    for (const { client } of servers) client.close();
  }
});
