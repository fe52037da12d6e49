// Plans: the limits and the fail mode that customers are assigned to.
import { integer, type SQLiteIntegerBuilderInitial, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { LIMIT_KINDS, type LimitField } from "../../api/src/domain/limit-kinds";
import type { Resources } from "../../api/src/domain/plan";
import { createdAt, updatedAt } from "./columns";

/** One nullable integer column per kind of limit, named by the domain's table (null: no limit of that kind). */
const limitColumns = Object.fromEntries(LIMIT_KINDS.map((k) => [k.field, integer(k.column)])) as unknown as {
  [F in LimitField]: SQLiteIntegerBuilderInitial<"">;
};

export const plans = sqliteTable("plans", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  ...limitColumns,
  // Named limits per resource, as JSON: read whole with the plan, never queried by their contents.
  resources: text("resources", { mode: "json" }).$type<Resources>().notNull().default({}),
  failMode: text("fail_mode", { enum: ["open", "closed"] }).notNull(),
  shadow: integer("shadow", { mode: "boolean" }).notNull(),
  // Units a server may take from the counter store at once (contract section 12); null: every check asks the store.
  localShare: integer("local_share"),
  // Usage thresholds in percent, ascending (contract section 13): read whole with the plan, never queried.
  alerts: text("alerts", { mode: "json" }).$type<number[]>().notNull().default([]),
  version: integer("version").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type PlanRow = typeof plans.$inferSelect;
export type InsertPlanRow = typeof plans.$inferInsert;
