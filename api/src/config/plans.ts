// Plans in the config store: a versioned resource (versioned-store.ts) whose edits must leave every customer on the
// plan within its rules, and which cannot go while any customer is on it.
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { customers, type PlanRow, plans } from "../../../db/schema";
import { overridesViolation } from "../domain/customer";
import { brokenRanges, resourcesRoom } from "../domain/override-bounds";
import { type Plan, type PlanCreate, planViolations } from "../domain/plan";
import { fail } from "../errors";
import { brokenBound, crowded } from "./override-bounds";
import { createVersionedStore, type VersionedResource } from "./versioned-store";

const toPlan = (row: PlanRow): Plan => ({ ...row });

/** The 409 of an edit that would leave `customerId`'s overrides breaking a plan rule, saying which. */
async function refusal(db: Db, plan: Plan, customerId: string) {
  const customer = await db
    .select({ overrides: customers.overrides })
    .from(customers)
    .where(eq(customers.id, customerId))
    .get();
  const broken = customer ? overridesViolation(plan, customer.overrides ?? null) : null;
  return fail(
    "conflict",
    `customer ${customerId} would break a plan rule${broken ? ` (${broken})` : ""}: change its overrides first`,
  );
}

function planResource(db: Db): VersionedResource<Plan, PlanCreate, typeof plans> {
  return {
    name: "plan",
    table: plans,
    fromRow: toPlan,
    fresh: (input) => input,
    async problem(plan, before) {
      // A new plan: PlanCreate has held it to the rules, and no customer is on it yet.
      if (!before) return null;
      const violation = planViolations(plan)[0];
      if (violation) return fail("invalid_request", violation.message);
      // A customer's overrides obey the plan rules on the plan it is on: an edit may not leave them breaking one. What
      // each customer's overrides ask of its plan is kept beside it (override-bounds.ts): one lookup a bound the edit
      // could break, whatever the number of customers, each read as it stands in the write too.
      const pins: SQL[] = [];
      const ranges = brokenRanges(plan, before);
      if (ranges.length > 0) {
        const broken = brokenBound(plan.id, ranges);
        const [found] = await db.all<{ customer_id: string }>(broken);
        if (found) return await refusal(db, plan, found.customer_id);
        pins.push(sql`NOT EXISTS (${broken})`);
      }
      // A plan that names a new resource may take a customer past the resources a plan and its overrides may name
      // together: only customers whose overrides name more than it leaves room for can be, each checked whole.
      const room = resourcesRoom(plan, before);
      if (room !== null) {
        const many = await db.all<{ id: string; version: number; overrides: string }>(crowded(plan.id, room));
        for (const customer of many) {
          if (overridesViolation(plan, JSON.parse(customer.overrides))) return await refusal(db, plan, customer.id);
        }
        // Those customers as read, each at its version: one changed or added since makes the edit check again.
        const read = many.length === 0 ? null : many.map((c) => `${c.id}:${c.version}`).join(",");
        pins.push(sql`(SELECT group_concat(id || ':' || version, ',') FROM (${crowded(plan.id, room)})) IS ${read}`);
      }
      return pins.length === 0 ? null : { where: and(...pins) };
    },
    // The foreign key from customers refuses a delete while any customer is on the plan.
    foreignKeyFailure: (plan) =>
      fail("conflict", `plan ${plan.id} is in use by customers; move them to another plan first`),
    // The first customer on it, by the plan's index, rather than the foreign key's count of them all.
    referredTo: async (plan) =>
      (await db.select({ id: customers.id }).from(customers).where(eq(customers.planId, plan.id)).limit(1)).length > 0,
    // As a plan's delete has always answered a lost race, If-Match or not (a customer's answers 409 without it).
    removeRace: "precondition_failed",
  };
}

export function createPlanStore(db: Db, now: () => Date) {
  return {
    ...createVersionedStore(db, now, planResource(db)),

    async list(): Promise<Plan[]> {
      return (await db.select().from(plans).orderBy(asc(plans.id))).map(toPlan);
    },
  };
}

export type PlanStore = ReturnType<typeof createPlanStore>;
