// The customer list and the other reads of many customers: a page at a time, newest first, through an index (with
// the search's rows when it is searched), the total the triggers keep, and reads by ids, by name and by plan.
import { type AnyColumn, and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { type CustomerRow, customerCount, customerPrefixes, customers } from "../../../db/schema";
import type { Customer } from "../domain/customer";
import { searchText } from "./customer-search";

export const toCustomer = (row: CustomerRow): Customer => ({ ...row, overrides: row.overrides ?? null });

/** A place in the list, newest first (createdAt, then id, descending): the last customer of a page. */
export type ListPosition = Pick<Customer, "createdAt" | "id">;

/** A page of the list: newest first, those that `q` finds (all when it is left out), after `after`. */
export type PageQuery = { q?: string | undefined; limit: number; after?: ListPosition | undefined };

/** The customers of a page, and where the next begins (null: this is the last). */
export type CustomerPage = { customers: Customer[]; next: ListPosition | null };

/** Past `position` in the list's order: a row-value comparison, which SQLite answers from a (created_at, id) index. */
const olderThan = (createdAt: AnyColumn, id: AnyColumn, position: ListPosition | undefined) =>
  position && sql`(${createdAt}, ${id}) < (${position.createdAt}, ${position.id})`;

export function createCustomerReads(db: Db) {
  return {
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
      // Punctuation alone parts words and starts none: no id or word starts with it. Spaces alone search nothing.
      if (search === "" && q.trim() !== "") return { customers: [], next: null };
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
  };
}
