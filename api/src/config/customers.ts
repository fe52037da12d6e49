// Customers in the config store: a versioned resource (versioned-store.ts) whose writes check its plan and overrides,
// with the rows its search finds it by written in the same batch; the list and other reads in customer-reads.ts.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { apiKeys, auditLog, customerPrefixes, customers } from "../../../db/schema";
import { type Customer, type CustomerCreate, overridesViolation } from "../domain/customer";
import { fail } from "../errors";
import { createCustomerReads, toCustomer } from "./customer-reads";
import { searchPrefixes } from "./customer-search";
import { boundsInsert, boundsRewritten } from "./override-bounds";
import type { PlanStore } from "./plans";
import { newId } from "./secrets";
import { createVersionedStore, type VersionedResource } from "./versioned-store";

/** The insert of the rows a customer is found by, for a batch; with `onlyIf`, written only when it holds. */
function prefixesInsert(db: Db, customer: Customer, onlyIf?: SQL) {
  // One parameter for them all (D1 binds at most 100 a statement), unpacked by json_each.
  const prefixes = JSON.stringify(searchPrefixes(customer));
  return db
    .insert(customerPrefixes)
    .select(
      sql`SELECT ${customer.id}, value, ${customer.createdAt} FROM json_each(${prefixes}) WHERE ${onlyIf ?? sql`1`}`,
    );
}

/** A key.revoke entry for each live key of the customer, before and after as DELETE /v1/keys/{id} audits them. */
function keysRevokedAudit(db: Db, customerId: string, at: string, actor: string, guard: SQL) {
  const listed = (revokedAt: SQL) =>
    sql`json_object('id', ${apiKeys.id}, 'customerId', ${apiKeys.customerId}, 'prefix', ${apiKeys.prefix}, 'createdAt', ${apiKeys.createdAt}, 'revokedAt', ${revokedAt})`;
  return db.insert(auditLog).select(
    sql`SELECT NULL, ${at}, ${actor}, 'key.revoke', ${apiKeys.id}, ${listed(sql`NULL`)}, ${listed(sql`${at}`)}
        FROM ${apiKeys} WHERE ${apiKeys.customerId} = ${customerId} AND ${apiKeys.revokedAt} IS NULL AND ${guard}`,
  );
}

const noPlan = (planId: string) => fail("invalid_request", `planId: plan ${planId} does not exist`);

function customerResource(db: Db, planStore: PlanStore): VersionedResource<Customer, CustomerCreate, typeof customers> {
  return {
    name: "customer",
    table: customers,
    fromRow: toCustomer,
    fresh: (input) => ({
      id: input.id ?? newId("cus"),
      name: input.name,
      planId: input.planId,
      billingDay: input.billingDay,
      overrides: input.overrides ?? null,
    }),
    /**
     * The failure that stops a customer from being on its plan with its overrides, if any; else the plan's version
     * it was checked against, pinned in the write: its plan_id is written as NULL, which the column refuses, once
     * the plan has changed since (an edit on another server), and the customer is checked again.
     */
    async problem({ planId, overrides }) {
      const plan = await planStore.get(planId);
      if (!plan) return noPlan(planId);
      const violation = overridesViolation(plan, overrides);
      if (violation) return fail("invalid_request", violation);
      return { row: { planId: sql`(SELECT id FROM plans WHERE id = ${planId} AND version = ${plan.version})` } };
    },
    // The plan was deleted between the check above and the write.
    foreignKeyFailure: (customer) => noPlan(customer.planId),
    // Its API keys go with it (ON DELETE CASCADE), so they stop working too; so do the rows its search found it by.
    removeRace: "conflict",
    alongside: {
      created: (customer) => [prefixesInsert(db, customer), ...boundsInsert(db, customer)],
      // Its keys stop working with it (ON DELETE CASCADE): each live one audited as revoked, as DELETE /v1/keys/{id}
      // audits it, in the same batch as the delete and only with it.
      removed: (customer, at, actor, guard) => [keysRevokedAudit(db, customer.id, at, actor, guard)],
      // A new name, new search rows; a new plan or new overrides, new bounds on its plan (override-bounds.ts).
      updated: (before, after, guard) => [
        ...(after.name === before.name
          ? []
          : [
              db.delete(customerPrefixes).where(and(eq(customerPrefixes.customerId, after.id), guard())),
              prefixesInsert(db, after, guard()),
            ]),
        ...boundsRewritten(db, before, after, guard),
      ],
    },
  };
}

export function createCustomerStore(db: Db, planStore: PlanStore, now: () => Date) {
  return { ...createVersionedStore(db, now, customerResource(db, planStore)), ...createCustomerReads(db) };
}

export type CustomerStore = ReturnType<typeof createCustomerStore>;
