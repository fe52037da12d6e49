// Batches begun as writes: every batch of ours writes (and the change watcher's probe during an outage must be one).
// drizzle's db.batch names no mode, and a deferred one that reads before it writes fails at once, without waiting,
// when another connection wrote since its read began: begun as a write, it waits for the lock instead.
import type { Client } from "@libsql/client";

export function writeBatches<C extends Pick<Client, "batch">>(client: C): C {
  const batch = client.batch.bind(client);
  client.batch = (stmts, mode = "write") => batch(stmts, mode);
  return client;
}
