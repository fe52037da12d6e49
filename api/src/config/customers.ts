// Customers in the config store: writes check the plan and overrides, and are audited in the same batch, guarded by
// the version, with the rows their search finds them by; the list is read a page at a time through an index.
import { isDeepStrictEqual } from "node:util";
import { type AnyColumn, and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { changedRows } from "../../../db/changed-rows";
import type { Db } from "../../../db/client";
import { type CustomerRow, customerCount, customerPrefixes, customers } from "../../../db/schema";
import { type Customer, type CustomerCreate, type CustomerPatch, overridesViolation } from "../domain/customer";
import { fail, ok, type Result } from "../errors";
import { auditInsert } from "./audit";
import { searchPrefixes, searchText } from "./customer-search";
import { constraintOf } from "./db-errors";
import type { PlanStore } from "./plans";
import { newId } from "./secrets";
import { type IfMatch, staleVersion, stillAt } from "./versions";

const toCustomer = (row: CustomerRow): Customer => ({ ...row, overrides: row.overrides ?? null });

// How often an unconditional update re-reads when another writer got in between.
const RETRIES = 5;

/** A place in the list, newest first (createdAt, then id, descending): the last customer of a page. */
export type ListPosition = Pick<Customer, "createdAt" | "id">;

/** A page of the list: newest first, those that `q` finds (all when it is left out), after `after`. */
export type PageQuery = { q?: string | undefined; limit: number; after?: ListPosition | undefined };

/** The customers of a page, and where the next begins (null: this is the last). */
export type CustomerPage = { customers: Customer[]; next: ListPosition | null };

/** Past `position` in the list's order: a row-value comparison, which SQLite answers from a (created_at, id) index. */
const olderThan = (createdAt: AnyColumn, id: AnyColumn, position: ListPosition | undefined) =>
  position && sql`(${createdAt}, ${id}) < (${position.createdAt}, ${position.id})`;

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

export function createCustomerStore(db: Db, planStore: PlanStore, now: () => Date) {
  async function get(id: string): Promise<Customer | null> {
    const row = await db.select().from(customers).where(eq(customers.id, id)).limit(1).get();
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

    /** Every customer, oldest first, for the Live page's one answer about all of them (GET /v1/usage). */
    async listAll(): Promise<Customer[]> {
      return (await db.select().from(customers).orderBy(asc(customers.createdAt), asc(customers.id))).map(toCustomer);
    },

    /**
     * One page of the list, newest first. Both reads walk an index in the list's order from `after` and stop one row
     * past the page (that row says whether another follows): a page costs the same whatever the number of customers.
     */
    async page({ q = "", limit, after }: PageQuery): Promise<CustomerPage> {
      const search = searchText(q);
      const rows =
        search === ""
          ? await db
              .select()
              .from(customers)
              .where(olderThan(customers.createdAt, customers.id, after))
              .orderBy(desc(customers.createdAt), desc(customers.id))
              .limit(limit + 1)
          : (
              await db
                .select({ customer: customers })
                .from(customerPrefixes)
                .innerJoin(customers, eq(customers.id, customerPrefixes.customerId))
                .where(
                  and(
                    eq(customerPrefixes.prefix, search),
                    olderThan(customerPrefixes.createdAt, customerPrefixes.customerId, after),
                  ),
                )
                .orderBy(desc(customerPrefixes.createdAt), desc(customerPrefixes.customerId))
                .limit(limit + 1)
            ).map((row) => row.customer);
      const page = rows.slice(0, limit).map(toCustomer);
      const last = page.at(-1);
      return { customers: page, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
    },

    /** How many customers there are (the Live page's total): the row the triggers keep (migration 0006), by rowid. */
    async count(): Promise<number> {
      const row = await db
        .select({ total: customerCount.total })
        .from(customerCount)
        .where(eq(customerCount.id, 1))
        .limit(1)
        .get();
      return row?.total ?? 0;
    },

    /** These customers, those that exist, in no order; a hundred ids a read (D1 binds at most 100 parameters). */
    async byIds(ids: string[]): Promise<Customer[]> {
      const reads = [];
      for (let i = 0; i < ids.length; i += 100) {
        reads.push(
          db
            .select()
            .from(customers)
            .where(inArray(customers.id, ids.slice(i, i + 100))),
        );
      }
      return (await Promise.all(reads)).flat().map(toCustomer);
    },

    /** The first `limit` customers by name in any case, read in the order of customers_name. */
    async byName(limit: number): Promise<Customer[]> {
      const rows = await db
        .select()
        .from(customers)
        .orderBy(sql`${customers.name} COLLATE NOCASE`, asc(customers.id))
        .limit(limit);
      return rows.map(toCustomer);
    },

    /** The first customers on a plan, oldest first, and whether there are more: read through customers_plan_id. */
    async onPlan(planId: string, limit: number): Promise<{ ids: string[]; more: boolean }> {
      const rows = await db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.planId, planId))
        .orderBy(asc(customers.createdAt), asc(customers.id))
        .limit(limit + 1);
      return { ids: rows.slice(0, limit).map((row) => row.id), more: rows.length > limit };
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
          prefixesInsert(db, customer),
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
        // A new name, new search rows: written before the update, under the same guard as the audit entry, so they
        // share the fate of the update (the guard no longer holds once it is applied).
        const guard = () => stillAt("customers", id, before.version);
        const renamed =
          after.name === before.name
            ? []
            : [
                db.delete(customerPrefixes).where(and(eq(customerPrefixes.customerId, id), guard())),
                prefixesInsert(db, after, guard()),
              ];
        try {
          const results = await db.batch([
            auditInsert(
              db,
              { at: after.updatedAt, actor, action: "customer.update", target: id, before, after },
              guard(),
            ),
            ...renamed,
            db
              .update(customers)
              .set(changes)
              .where(and(eq(customers.id, id), eq(customers.version, before.version))),
          ]);
          if (changedRows(results.at(-1)) === 1) return ok(after);
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
      // Its API keys go with it (ON DELETE CASCADE), so they stop working too; so do the rows its search found it by.
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
