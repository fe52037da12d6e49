// Customers: who is counted, on which plan, with which per-customer overrides.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Overrides } from "../../api/src/domain/customer";
import { createdAt, updatedAt } from "./columns";
import { plans } from "./plans";

export const customers = sqliteTable(
  "customers",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    // RESTRICT: the database itself refuses to leave a customer on a missing plan.
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "restrict" }),
    // The day of the month the customer's monthly limits renew on; null: the calendar month.
    billingDay: integer("billing_day"),
    overrides: text("overrides", { mode: "json" }).$type<Overrides>(),
    // Starts at 1 and grows by one on every change: the ETag an If-Match names, and the guard of every write, so
    // two admins editing at once never lose a change and the audit log records exactly the change that happened.
    version: integer("version").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The console's list, newest first a page at a time (GET /v1/customers): read in this order, never sorted.
    index("customers_created_at").on(t.createdAt, t.id),
    // Who is on a plan, oldest first, a few at a time (a refused plan delete names them) without reading the others;
    // its leading plan_id also serves the foreign key's check when a plan is deleted.
    index("customers_plan_id").on(t.planId, t.createdAt, t.id),
    // The Live page sorted by name, a page of it read in this order (GET /v1/usage?sort=name), never sorted whole.
    index("customers_name").on(sql`${t.name} COLLATE NOCASE`, t.id),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
export type InsertCustomerRow = typeof customers.$inferInsert;
