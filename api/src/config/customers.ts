// Customers in the config store: writes check the plan and overrides, and are audited in the same batch.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { type CustomerRow, customers } from "../../../db/schema";
import { type Customer, type CustomerCreate, type CustomerPatch, overridesViolation } from "../domain/customer";
import { fail, ok, type Result } from "../errors";
import { auditInsert } from "./audit";
import { constraintOf } from "./db-errors";
import type { PlanStore } from "./plans";
import { newId } from "./secrets";

const toCustomer = ({ version: _, ...row }: CustomerRow): Customer => ({ ...row, overrides: row.overrides ?? null });

const RETRIES = 5;

export function createCustomerStore(db: Db, planStore: PlanStore, now: () => Date) {
  async function row(id: string) {
    return db.select().from(customers).where(eq(customers.id, id)).get();
  }

  /** The failure that stops a customer from being on this plan with these overrides, if any. */
  async function checkPlan(planId: string, overrides: Customer["overrides"]) {
    const plan = await planStore.get(planId);
    if (!plan) return fail("invalid_request", `planId: plan ${planId} does not exist`);
    const violation = overridesViolation(plan, overrides);
    return violation ? fail("invalid_request", violation) : null;
  }

  return {
    async get(id: string): Promise<Customer | null> {
      const found = await row(id);
      return found ? toCustomer(found) : null;
    },

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
        overrides,
        createdAt: at,
        updatedAt: at,
      };
      try {
        await db.batch([
          db.insert(customers).values({ ...customer, version: 1 }),
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

    async update(id: string, patch: CustomerPatch, actor: string): Promise<Result<Customer>> {
      for (let attempt = 0; attempt < RETRIES; attempt++) {
        const current = await row(id);
        if (!current) return fail("not_found", `customer ${id} does not exist`);
        const before = toCustomer(current);
        const after: Customer = { ...before, ...patch, updatedAt: now().toISOString() };
        after.overrides = after.overrides ?? null;
        const problem = await checkPlan(after.planId, after.overrides);
        if (problem) return problem;
        const guard = sql`EXISTS (SELECT 1 FROM customers WHERE id = ${id} AND version = ${current.version})`;
        try {
          const [, result] = await db.batch([
            auditInsert(
              db,
              { at: after.updatedAt, actor, action: "customer.update", target: id, before, after },
              guard,
            ),
            db
              .update(customers)
              .set({
                name: after.name,
                planId: after.planId,
                overrides: after.overrides,
                updatedAt: after.updatedAt,
                version: current.version + 1,
              })
              .where(and(eq(customers.id, id), eq(customers.version, current.version))),
          ]);
          if (result.rowsAffected === 1) return ok(after);
        } catch (error) {
          // The plan was deleted between our check and our write.
          if (constraintOf(error) === "foreign_key")
            return fail("invalid_request", `planId: plan ${after.planId} does not exist`);
          throw error;
        }
      }
      return fail("conflict", `customer ${id} is changing too often to update; try again`);
    },

    async remove(id: string, actor: string): Promise<Result<Customer>> {
      const current = await row(id);
      if (!current) return fail("not_found", `customer ${id} does not exist`);
      const before = toCustomer(current);
      const guard = sql`EXISTS (SELECT 1 FROM customers WHERE id = ${id} AND version = ${current.version})`;
      // Its API keys go with it (ON DELETE CASCADE), so they stop working too.
      const [, result] = await db.batch([
        auditInsert(
          db,
          { at: now().toISOString(), actor, action: "customer.delete", target: id, before, after: null },
          guard,
        ),
        db.delete(customers).where(and(eq(customers.id, id), eq(customers.version, current.version))),
      ]);
      if (result.rowsAffected === 0) return fail("conflict", `customer ${id} changed meanwhile; try again`);
      return ok(before);
    },
  };
}

export type CustomerStore = ReturnType<typeof createCustomerStore>;
