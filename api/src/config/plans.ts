// Plans in the config store: every write is one atomic batch with its audit entry, guarded by the version.
import { isDeepStrictEqual } from "node:util";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { changedRows } from "../../../db/changed-rows";
import type { Db } from "../../../db/client";
import { customers, type PlanRow, plans } from "../../../db/schema";
import { overridesViolation } from "../domain/customer";
import { type Plan, type PlanCreate, type PlanPatch, planViolations } from "../domain/plan";
import { fail, ok, type Result } from "../errors";
import { auditInsert } from "./audit";
import { constraintOf } from "./db-errors";
import { type IfMatch, staleVersion, stillAt } from "./versions";

const toPlan = (row: PlanRow): Plan => ({ ...row });

// How often an unconditional update re-reads when another writer got in between.
const RETRIES = 5;

export function createPlanStore(db: Db, now: () => Date) {
  async function get(id: string): Promise<Plan | null> {
    const row = await db.select().from(plans).where(eq(plans.id, id)).limit(1).get();
    return row ? toPlan(row) : null;
  }

  return {
    get,

    async list(): Promise<Plan[]> {
      return (await db.select().from(plans).orderBy(asc(plans.id))).map(toPlan);
    },

    async create(input: PlanCreate, actor: string): Promise<Result<Plan>> {
      const at = now().toISOString();
      const plan: Plan = { ...input, version: 1, createdAt: at, updatedAt: at };
      try {
        await db.batch([
          db.insert(plans).values(plan),
          auditInsert(db, { at, actor, action: "plan.create", target: plan.id, before: null, after: plan }),
        ]);
      } catch (error) {
        if (constraintOf(error) === "unique") return fail("conflict", `plan ${plan.id} already exists`);
        throw error;
      }
      return ok(plan);
    },

    async update(id: string, patch: PlanPatch, ifMatch: IfMatch, actor: string): Promise<Result<Plan>> {
      for (let attempt = 0; attempt < RETRIES; attempt++) {
        const before = await get(id);
        if (!before) return fail("not_found", `plan ${id} does not exist`);
        const stale = staleVersion("plan", id, before.version, ifMatch);
        if (stale) return stale;
        // Nothing to change: no new version, no audit entry (the version counts changes).
        if (Object.entries(patch).every(([field, value]) => isDeepStrictEqual(before[field as keyof Plan], value))) {
          return ok(before);
        }
        const merged = { ...before, ...patch };
        const violation = planViolations(merged)[0];
        if (violation) return fail("invalid_request", violation.message);
        // A customer's overrides obey the plan rules on the plan it is on: an edit may not leave them breaking one.
        const overridden = await db
          .select({ id: customers.id, overrides: customers.overrides })
          .from(customers)
          .where(and(eq(customers.planId, id), isNotNull(customers.overrides)));
        for (const customer of overridden) {
          const broken = overridesViolation(merged, customer.overrides ?? null);
          if (broken) {
            return fail(
              "conflict",
              `customer ${customer.id} would break a plan rule (${broken}): change its overrides first`,
            );
          }
        }
        const after: Plan = { ...merged, version: before.version + 1, updatedAt: now().toISOString() };
        const { id: _, createdAt: __, ...changes } = after;
        const [, result] = await db.batch([
          auditInsert(
            db,
            { at: after.updatedAt, actor, action: "plan.update", target: id, before, after },
            stillAt("plans", id, before.version),
          ),
          db
            .update(plans)
            .set(changes)
            .where(and(eq(plans.id, id), eq(plans.version, before.version))),
        ]);
        if (changedRows(result) === 1) return ok(after);
        // Another writer changed the plan between our read and our write: with If-Match the caller
        // must look again; without it, apply the patch to the newer version.
        if (ifMatch !== undefined) return fail("precondition_failed", `plan ${id} changed meanwhile`);
      }
      return fail("conflict", `plan ${id} is changing too often to update; try again`);
    },

    async remove(id: string, ifMatch: IfMatch, actor: string): Promise<Result<Plan>> {
      const before = await get(id);
      if (!before) return fail("not_found", `plan ${id} does not exist`);
      const stale = staleVersion("plan", id, before.version, ifMatch);
      if (stale) return stale;
      try {
        const [, result] = await db.batch([
          auditInsert(
            db,
            { at: now().toISOString(), actor, action: "plan.delete", target: id, before, after: null },
            stillAt("plans", id, before.version),
          ),
          // The foreign key from customers makes this fail while any customer is on the plan.
          db.delete(plans).where(and(eq(plans.id, id), eq(plans.version, before.version))),
        ]);
        if (changedRows(result) === 0) return fail("precondition_failed", `plan ${id} changed meanwhile`);
      } catch (error) {
        if (constraintOf(error) === "foreign_key") {
          return fail("conflict", `plan ${id} is in use by customers; move them to another plan first`);
        }
        throw error;
      }
      return ok(before);
    },
  };
}

export type PlanStore = ReturnType<typeof createPlanStore>;
