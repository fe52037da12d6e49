// The config store of a Worker: the D1 binding, or a remote libSQL / Turso over HTTP (`libsql://`, `https://`).
import { createClient } from "@libsql/client/web";
import { drizzle as drizzleD1 } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql/web";
import type { Db } from "./client";
import * as schema from "./schema";
import { writeBatches } from "./write-batches";

export type D1Binding = Parameters<typeof drizzleD1>[0];

/**
 * D1 behind the same `Db` as libSQL: drizzle builds the same queries for both, and what differs in their results (how
 * a write counts its rows) is read through changedRows. The config code never reaches for the driver's own client.
 */
export function d1Db(binding: D1Binding): Db {
  return drizzleD1(binding, { schema }) as unknown as Db;
}

/**
 * A remote libSQL database over HTTP, its batches begun as writes as on Node (db/client.ts). The client queues calls
 * past `concurrency` (20 by default) behind others, and a Worker cancels a request that waits on another request's
 * I/O: so no queue, each request's calls leave at once.
 */
export function remoteDb(url: string, authToken: string | undefined): Db {
  const client = createClient({ url, authToken, concurrency: Number.MAX_SAFE_INTEGER });
  return drizzleLibsql(writeBatches(client), { schema });
}
