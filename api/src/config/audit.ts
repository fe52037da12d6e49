// The audit log: entries written in the same batch as the change they record, and read newest first.
import { desc, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { auditLog } from "../../../db/schema";

export type AuditEntry = {
  at: string;
  actor: string;
  action: string;
  target: string;
  /** The target before and after the change, as JSON objects; null when it was made or is gone. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** An insert of one entry, for a batch; with `onlyIf`, written only when that SQL condition holds. */
export function auditInsert(db: Db, entry: AuditEntry, onlyIf?: SQL) {
  const before = entry.before === null ? null : JSON.stringify(entry.before);
  const after = entry.after === null ? null : JSON.stringify(entry.after);
  // INSERT … SELECT … WHERE lets the entry share the fate of a guarded write in the same batch. Built as an insert,
  // not as raw SQL (db.run), which drizzle's D1 batch cannot prepare; the NULL is seq, numbered by SQLite.
  return db.insert(auditLog).select(
    sql`SELECT NULL, ${entry.at}, ${entry.actor}, ${entry.action}, ${entry.target}, ${before}, ${after}
      WHERE ${onlyIf ?? sql`1`}`,
  );
}

export async function listAudit(db: Db, limit: number): Promise<AuditEntry[]> {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(limit);
  return rows.map(({ at, actor, action, target, before, after }) => ({ at, actor, action, target, before, after }));
}
