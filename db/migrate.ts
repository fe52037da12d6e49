// Applies the committed drizzle-kit migrations; run at every start, a no-op when up to date.
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/libsql/migrator";
import type { Db } from "./client";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export async function migrateDb(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
