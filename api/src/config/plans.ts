// Plans in the config store: a versioned resource (versioned-store.ts) whose edits must leave every customer on the
// plan within its rules, and which cannot go while any customer is on it.
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { customers, type PlanRow, plans } from "../../../db/schema";
import { overridesViolation } from "../domain/customer";
import { type Plan, type PlanCreate, planViolations } from "../domain/plan";
import { fail } from "../errors";
import { createVersionedStore, type VersionedResource } from "./versioned-store";

const toPlan = (row: PlanRow): Plan => ({ ...row });

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
      // A customer's overrides obey the plan rules on the plan it is on: an edit may not leave them breaking one.
      const overridden = await db
        .select({ id: customers.id, version: customers.version, overrides: customers.overrides })
        .from(customers)
        .where(and(eq(customers.planId, plan.id), isNotNull(customers.overrides)))
        .orderBy(asc(customers.id));
      for (const customer of overridden) {
        const broken = overridesViolation(plan, customer.overrides ?? null);
        if (broken) {
          return fail(
            "conflict",
            `customer ${customer.id} would break a plan rule (${broken}): change its overrides first`,
          );
        }
      }
      // Those customers as read, each at its version, pinned in the write: a customer's edit on another server since
      // (new overrides, or a move onto the plan) makes the edit check them again.
      const read = overridden.length === 0 ? null : overridden.map((c) => `${c.id}:${c.version}`).join(",");
      return {
        where: sql`(SELECT group_concat(id || ':' || version, ',') FROM (SELECT id, version FROM customers WHERE plan_id = ${plan.id} AND overrides IS NOT NULL ORDER BY id)) IS ${read}`,
      };
    },
    // The foreign key from customers refuses a delete while any customer is on the plan.
    foreignKeyFailure: (plan) =>
      fail("conflict", `plan ${plan.id} is in use by customers; move them to another plan first`),
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
