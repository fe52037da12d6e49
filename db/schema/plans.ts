// Plans: the limits and the fail mode that customers are assigned to.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

export const plans = sqliteTable("plans", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  burst: integer("burst"),
  perMinute: integer("per_minute"),
  perHour: integer("per_hour"),
  perDay: integer("per_day"),
  failMode: text("fail_mode", { enum: ["open", "closed"] }).notNull(),
  shadow: integer("shadow", { mode: "boolean" }).notNull(),
  version: integer("version").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type PlanRow = typeof plans.$inferSelect;
export type InsertPlanRow = typeof plans.$inferInsert;
