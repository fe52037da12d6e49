// Customer API keys: only the SHA-256 of each key is kept; the key itself is shown once.
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, timestamp } from "./columns";
import { customers } from "./customers";

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    prefix: text("prefix").notNull(),
    hash: text("hash").notNull().unique(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at"),
  },
  (t) => [index("api_keys_customer_id").on(t.customerId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type InsertApiKeyRow = typeof apiKeys.$inferInsert;
