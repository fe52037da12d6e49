// Applies the committed drizzle-kit migrations; run at every start, a no-op when up to date.
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/libsql/migrator";
import type { Db } from "./client";

export async function migrateDb(db: Db): Promise<void> {
  // Found when called, not at import: a runtime with no files (workerd) may import this module's neighbours.
  await migrate(db, { migrationsFolder: fileURLToPath(new URL("./migrations", import.meta.url)) });
}
