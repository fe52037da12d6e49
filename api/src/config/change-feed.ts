// The change feed: every change made through the API writes an audit entry in the same transaction, numbered in the
// order the changes committed, so the entries after the last one a server has seen name everything that changed
// since (a plan, a customer, a key, a token) and each server drops only what depends on those.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";

/**
 * What a server must forget: one plan, customer, key or token by id; a customer's counters, reset (its config is as
 * it was, but a denial remembered of it no longer holds); or everything ("all").
 */
export type ConfigChange =
  | { kind: "plan" | "customer" | "key" | "token" | "reset"; id: string }
  | { kind: "all"; id?: undefined };

/** More entries than this since the last read: dropping everything costs less than reading them all. */
export const MOST_CHANGES = 1000;

const KINDS = new Set(["plan", "customer", "key", "token"]);

/** The change an audit entry records, if any: its action is `<kind>.<verb>` and its target the id. */
function changeOf(action: string, target: string): ConfigChange | null {
  if (action === "customer.reset") return { kind: "reset", id: target };
  // A new key or token drops nothing: its secret is new, so no server can have cached it as unknown.
  if (action === "key.create" || action === "token.create") return null;
  // Webhooks are read from the store each time they are needed: no server caches them.
  if (action.startsWith("webhook.")) return null;
  const kind = action.slice(0, action.indexOf("."));
  return KINDS.has(kind) ? { kind: kind as "plan" | "customer" | "key" | "token", id: target } : { kind: "all" };
}

const LATEST = sql`SELECT coalesce(max(seq), 0) AS seq FROM audit_log`;

type Row = { seq: number; action: string; target: string };

/**
 * What changed after entry `seen` (undefined: nothing yet, only where the feed stands), and the entry to read after
 * next time. `asWrite`: the reads go as one batch, which begins as a write, so that they also show writes get through.
 */
export async function readFeed(
  db: Db,
  seen: number | undefined,
  asWrite = false,
): Promise<{ changes: ConfigChange[]; seen: number }> {
  const read = <T>(query: ReturnType<typeof sql>) =>
    asWrite ? db.batch([db.all<T>(query)]).then(([rows]) => rows as T[]) : db.all<T>(query);
  const latest = async () => Number((await read<{ seq: number }>(LATEST))[0]?.seq ?? 0);
  if (seen === undefined) return { changes: [], seen: await latest() };
  const rows = await read<Row>(
    sql`SELECT seq, action, target FROM audit_log WHERE seq > ${seen} ORDER BY seq LIMIT ${MOST_CHANGES + 1}`,
  );
  if (rows.length === 0) return { changes: [], seen };
  // Read after these rows: a change made meanwhile is either at most this number, so dropped by "all", or after it.
  if (rows.length > MOST_CHANGES) return { changes: [{ kind: "all" }], seen: await latest() };
  const changes = rows.flatMap((row) => changeOf(row.action, row.target) ?? []);
  return { changes, seen: Number((rows.at(-1) as Row).seq) };
}
