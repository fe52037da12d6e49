// Applies the committed drizzle-kit migrations; run at every start, a no-op when up to date.
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/libsql/migrator";
import type { Db } from "./client";

// Servers started together on a new database each read that nothing is applied, then each writes the migrations in
// one transaction: the first commits, the others fail on a table it made, and roll back. Read again, the migrations
// are applied. A few tries cover any number of servers; an error that is not this one fails the same way each time.
const TRIES = 5;
const MADE_MEANWHILE = /already exists/;

export async function migrateDb(db: Db): Promise<void> {
  // Found when called, not at import: a runtime with no files (workerd) may import this module's neighbours.
  const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrate(db, { migrationsFolder });
    } catch (error) {
      if (attempt === TRIES || !madeMeanwhile(error)) throw error;
    }
  }
}

function madeMeanwhile(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (MADE_MEANWHILE.test(cause.message)) return true;
  }
  return false;
}
