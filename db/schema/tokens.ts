// Admin and service bearer tokens: only the SHA-256 of each token is kept.
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, timestamp } from "./columns";

export const tokens = sqliteTable("tokens", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  role: text("role", { enum: ["admin", "service"] }).notNull(),
  hash: text("hash").notNull().unique(),
  createdAt: createdAt(),
  revokedAt: timestamp("revoked_at"),
});

export type TokenRow = typeof tokens.$inferSelect;
export type InsertTokenRow = typeof tokens.$inferInsert;
