// Batches begun as writes, as LocalClient begins them: every batch of ours writes (and the change watcher's probe
// during an outage must be one).
import type { Client } from "@libsql/client";

export function writeBatches<C extends Pick<Client, "batch">>(client: C): C {
  const batch = client.batch.bind(client);
  client.batch = (stmts, mode = "write") => batch(stmts, mode);
  return client;
}
