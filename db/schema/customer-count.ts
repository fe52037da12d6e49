// How many customers there are, in one row kept by triggers on customers (migration 0006), so the Live page's total
// is one read by rowid instead of a count(*) over every customer. drizzle-kit knows no triggers: a migration that
// remakes the customers table (drizzle-kit does for some changes) drops them and must make them again.
import { sql } from "drizzle-orm";
import { check, integer, sqliteTable } from "drizzle-orm/sqlite-core";

export const customerCount = sqliteTable(
  "customer_count",
  {
    id: integer("id").primaryKey(),
    total: integer("total").notNull(),
  },
  (t) => [check("customer_count_one_row", sql`${t.id} = 1`)],
);
