// What each customer's overrides ask of its plan (api/src/domain/override-bounds.ts), one row a bound, so that a plan
// edit finds a customer it would leave breaking a plan rule through one index, however many customers are on the plan.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { customers } from "./customers";

export const overrideBounds = sqliteTable(
  "override_bounds",
  {
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    // The customer's plan, written with it: the bounds are looked up by the plan being edited.
    planId: text("plan_id").notNull(),
    // "" for the plan's own limits, else a resource's name.
    part: text("part").notNull(),
    rule: text("rule", { enum: ["atLeast", "atMost", "needs", "oneOf", "resources"] }).notNull(),
    // The plan's field the bound is on; "" for oneOf and resources.
    field: text("field").notNull(),
    value: integer("value").notNull(),
  },
  (t) => [
    // A plan edit's lookup: the bounds of one part, rule and field whose value the edit breaks, a range of them.
    index("override_bounds_lookup").on(t.planId, t.part, t.field, t.rule, t.value),
    // A customer's write replaces its rows.
    index("override_bounds_customer").on(t.customerId),
  ],
);

export type OverrideBoundRow = typeof overrideBounds.$inferSelect;
