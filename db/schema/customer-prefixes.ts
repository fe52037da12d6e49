// The search of the customer list (GET /v1/customers?q=): every start of a customer's id, and of its name from each
// word on, as searched (api/src/config/customer-search.ts), so a page of matches is read from one index, newest first.
import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { customers } from "./customers";

export const customerPrefixes = sqliteTable(
  "customer_prefixes",
  {
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    prefix: text("prefix").notNull(),
    // The customer's, which never changes: here so that the matches of a prefix come in the list's order.
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.prefix] }),
    index("customer_prefixes_page").on(t.prefix, t.createdAt, t.customerId),
  ],
);

export type CustomerPrefixRow = typeof customerPrefixes.$inferSelect;
