// The audit log: every change made through the API, with who made it and the state before and after.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";

export const auditLog = sqliteTable(
  "audit_log",
  {
    // An increasing id orders entries made within the same millisecond.
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    at: timestamp("at").notNull(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    before: text("before", { mode: "json" }).$type<Record<string, unknown>>(),
    after: text("after", { mode: "json" }).$type<Record<string, unknown>>(),
  },
  (t) => [index("audit_log_at").on(t.at)],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type InsertAuditRow = typeof auditLog.$inferInsert;
