// Customers in the config store: writes check the plan and overrides, and are audited in the same batch, guarded by
// the version.
import { isDeepStrictEqual } from "node:util";
import { and, asc, eq } from "drizzle-orm";
import { changedRows } from "../../../db/changed-rows";
import type { Db } from "../../../db/client";
import { type CustomerRow, customers } from "../../../db/schema";
import { type Customer, type CustomerCreate, type CustomerPatch, overridesViolation } from "../domain/customer";
import { fail, ok, type Result } from "../errors";
import { auditInsert } from "./audit";
import { constraintOf } from "./db-errors";
import type { PlanStore } from "./plans";
import { newId } from "./secrets";
import { type IfMatch, staleVersion, stillAt } from "./versions";

const toCustomer = (row: CustomerRow): Customer => ({ ...row, overrides: row.overrides ?? null });

// How often an unconditional update re-reads when another writer got in between.
const RETRIES = 5;

export function createCustomerStore(db: Db, planStore: PlanStore, now: () => Date) {
  async function get(id: string): Promise<Customer | null> {
    const row = await db.select().from(customers).where(eq(customers.id, id)).get();
    return row ? toCustomer(row) : null;
  }

  /** The failure that stops a customer from being on this plan with these overrides, if any. */
  async function checkPlan(planId: string, overrides: Customer["overrides"]) {
    const plan = await planStore.get(planId);
    if (!plan) return fail("invalid_request", `planId: plan ${planId} does not exist`);
    const violation = overridesViolation(plan, overrides);
    return violation ? fail("invalid_request", violation) : null;
  }

  return {
    get,

    async list(): Promise<Customer[]> {
      return (await db.select().from(customers).orderBy(asc(customers.createdAt), asc(customers.id))).map(toCustomer);
    },

    async create(input: CustomerCreate, actor: string): Promise<Result<Customer>> {
      const overrides = input.overrides ?? null;
      const problem = await checkPlan(input.planId, overrides);
      if (problem) return problem;
      const at = now().toISOString();
      const customer: Customer = {
        id: input.id ?? newId("cus"),
        name: input.name,
        planId: input.planId,
        billingDay: input.billingDay,
        overrides,
        version: 1,
        createdAt: at,
        updatedAt: at,
      };
      try {
        await db.batch([
          db.insert(customers).values(customer),
          auditInsert(db, { at, actor, action: "customer.create", target: customer.id, before: null, after: customer }),
        ]);
      } catch (error) {
        const constraint = constraintOf(error);
        if (constraint === "unique") return fail("conflict", `customer ${customer.id} already exists`);
        if (constraint === "foreign_key") return fail("invalid_request", `planId: plan ${input.planId} does not exist`);
        throw error;
      }
      return ok(customer);
    },

    async update(id: string, patch: CustomerPatch, ifMatch: IfMatch, actor: string): Promise<Result<Customer>> {
      for (let attempt = 0; attempt < RETRIES; attempt++) {
        const before = await get(id);
        if (!before) return fail("not_found", `customer ${id} does not exist`);
        const stale = staleVersion("customer", id, before.version, ifMatch);
        if (stale) return stale;
        // Nothing to change: no new version, no audit entry (the version counts changes). Overrides are compared
        // as values, since their keys may come in any order.
        if (
          Object.entries(patch).every(([field, value]) => isDeepStrictEqual(before[field as keyof Customer], value))
        ) {
          return ok(before);
        }
        const merged = {
          ...before,
          ...patch,
          overrides: patch.overrides === undefined ? before.overrides : patch.overrides,
        };
        const problem = await checkPlan(merged.planId, merged.overrides);
        if (problem) return problem;
        const after: Customer = { ...merged, version: before.version + 1, updatedAt: now().toISOString() };
        const { id: _, createdAt: __, ...changes } = after;
        try {
          const [, result] = await db.batch([
            auditInsert(
              db,
              { at: after.updatedAt, actor, action: "customer.update", target: id, before, after },
              stillAt("customers", id, before.version),
            ),
            db
              .update(customers)
              .set(changes)
              .where(and(eq(customers.id, id), eq(customers.version, before.version))),
          ]);
          if (changedRows(result) === 1) return ok(after);
        } catch (error) {
          // The plan was deleted between our check and our write.
          if (constraintOf(error) === "foreign_key")
            return fail("invalid_request", `planId: plan ${after.planId} does not exist`);
          throw error;
        }
        // Another writer changed the customer between our read and our write: with If-Match the caller
        // must look again; without it, apply the patch to the newer version.
        if (ifMatch !== undefined) return fail("precondition_failed", `customer ${id} changed meanwhile`);
      }
      return fail("conflict", `customer ${id} is changing too often to update; try again`);
    },

    async remove(id: string, ifMatch: IfMatch, actor: string): Promise<Result<Customer>> {
      const before = await get(id);
      if (!before) return fail("not_found", `customer ${id} does not exist`);
      const stale = staleVersion("customer", id, before.version, ifMatch);
      if (stale) return stale;
      // Its API keys go with it (ON DELETE CASCADE), so they stop working too.
      const [, result] = await db.batch([
        auditInsert(
          db,
          { at: now().toISOString(), actor, action: "customer.delete", target: id, before, after: null },
          stillAt("customers", id, before.version),
        ),
        db.delete(customers).where(and(eq(customers.id, id), eq(customers.version, before.version))),
      ]);
      if (changedRows(result) === 0) {
        // With If-Match the caller asked for the version it read, which is gone; without it, it may simply try again.
        return ifMatch === undefined
          ? fail("conflict", `customer ${id} changed meanwhile; try again`)
          : fail("precondition_failed", `customer ${id} changed meanwhile`);
      }
      return ok(before);
    },
  };
}

export type CustomerStore = ReturnType<typeof createCustomerStore>;
