// The config store at start: opened, migrated and proven writable, or the one line that says why not, naming
// DATABASE_URL as a bad environment value's line does (env.ts), rather than the driver's stack.
import { statSync } from "node:fs";
import type { Client } from "@libsql/client";
import { createDb, type Db, localPath } from "../../../db/client";
import { migrateDb } from "../../../db/migrate";
import { redact } from "../redact";

export type OpenedConfigStore = { ok: true; db: Db } | { ok: false; error: string };

export async function openConfigStore(url: string, authToken: string | undefined): Promise<OpenedConfigStore> {
  let client: Client | undefined;
  try {
    const opened = await createDb({ url, authToken });
    client = opened.client;
    await migrateDb(opened.db);
    await proveWritable(client);
    return { ok: true, db: opened.db };
  } catch (error) {
    client?.close();
    return { ok: false, error: `DATABASE_URL ${redact(url)} cannot be opened for writing: ${reasonOf(url, error)}` };
  }
}

/**
 * A file the server may read but not write opens, and its migrations, already applied, write nothing: without this
 * the first write would fail, long after start. One batch makes a table and drops it: a write that leaves nothing.
 */
async function proveWritable(client: Client): Promise<void> {
  await client.batch(["CREATE TABLE bouncer_write_probe (x)", "DROP TABLE bouncer_write_probe"], "write");
}

function reasonOf(url: string, error: unknown): string {
  // SQLite says only "Unable to open connection to local database …: 14" for a directory.
  const path = localPath(url);
  if (path && isDirectory(path)) return `${path} is a directory`;
  const reasons: string[] = [];
  // The driver's own words are at the bottom of a chain of causes; the query wrapper's are the SQL it ran.
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    // libSQL repeats its code for each layer the error passed ("SQLITE_READONLY: SQLITE_READONLY: attempt …").
    const line = (cause.message.split("\n")[0] ?? "").trim().replace(/^([A-Z_]+: )\1+/, "$1");
    if (line && !line.startsWith("Failed query") && !reasons.some((reason) => reason.includes(line))) {
      reasons.push(line);
    }
  }
  // A driver's words may repeat the URL, credentials and all.
  return redact(reasons.join(": ") || String(error));
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
