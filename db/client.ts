// createDb: the config store, a libSQL database (a local SQLite file, or a remote libSQL / Turso).
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { LocalClient } from "./local-client";
import * as schema from "./schema";
import { writeBatches } from "./write-batches";

export type DbOptions = {
  url: string;
  authToken?: string;
  /** How long a write waits for another connection's lock on a local file before it fails (5 s by default). */
  lockWaitMs?: number;
};

export async function createDb({ url, authToken, lockWaitMs = 5000 }: DbOptions) {
  const path = localPath(url);
  if (path) mkdirSync(dirname(path), { recursive: true });
  const client = writeBatches(path ? new LocalClient(url, { lockWaitMs, path }) : createClient({ url, authToken }));
  // WAL keeps reads going during a write and survives a crash mid-write; the mode is stored in the file.
  if (path) await client.execute("PRAGMA journal_mode = WAL");
  const db = drizzle(client, { schema });
  return { db, client };
}

export type Db = Awaited<ReturnType<typeof createDb>>["db"];

/** The file behind a `file:` URL, or null for memory and remote databases. */
export function localPath(url: string): string | null {
  if (!url.startsWith("file:")) return null;
  const path = url.slice("file:".length).split("?")[0] ?? "";
  return path === "" || path === ":memory:" ? null : path;
}
