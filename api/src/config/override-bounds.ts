// The rows of what customers' overrides ask of their plans (domain/override-bounds.ts, db/schema/override-bounds.ts):
// written with each customer, and looked up by a plan's edit.
import { isDeepStrictEqual } from "node:util";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { overrideBounds } from "../../../db/schema";
import type { Customer } from "../domain/customer";
import { type BrokenRange, boundsOf } from "../domain/override-bounds";

/** A statement of a write's batch. */
type BatchStatement = Parameters<Db["batch"]>[0][number];

/**
 * The insert of a customer's bounds, for a batch; with `onlyIf`, written only when it holds. None for a customer
 * whose overrides ask nothing of its plan.
 */
export function boundsInsert(db: Db, customer: Customer, onlyIf?: SQL): BatchStatement[] {
  const bounds = boundsOf(customer.overrides);
  if (bounds.length === 0) return [];
  // One parameter for them all (D1 binds at most 100 a statement), unpacked by json_each.
  const rows = JSON.stringify(bounds.map((b) => [b.part, b.rule, b.field, b.value]));
  return [
    db.insert(overrideBounds).select(
      sql`SELECT ${customer.id}, ${customer.planId}, json_extract(value, '$[0]'), json_extract(value, '$[1]'),
          json_extract(value, '$[2]'), json_extract(value, '$[3]') FROM json_each(${rows}) WHERE ${onlyIf ?? sql`1`}`,
    ),
  ];
}

/** A customer's bounds made again, for an update's batch under its guard, when its plan or overrides change. */
export function boundsRewritten(db: Db, before: Customer, after: Customer, guard: () => SQL): BatchStatement[] {
  // Compared as values, as versioned-store.ts compares a patch: the keys of overrides may come in any order.
  if (before.planId === after.planId && isDeepStrictEqual(before.overrides, after.overrides)) return [];
  return [
    db.delete(overrideBounds).where(and(eq(overrideBounds.customerId, after.id), guard())),
    ...boundsInsert(db, after, guard()),
  ];
}

/**
 * A customer of plan `planId` with a bound in one of `ranges` (one is enough), read through the lookup index once a
 * range: what a plan's edit reads, and then pins in its write (NOT EXISTS).
 */
export function brokenBound(planId: string, ranges: readonly BrokenRange[]): SQL {
  const wanted = JSON.stringify(ranges.map((r) => [r.part, r.field, r.rule, r.low, r.high]));
  // CROSS JOIN: the ranges first, each looked up in the index (SQLite would otherwise walk every bound of the plan).
  return sql`SELECT b.customer_id AS customer_id FROM json_each(${wanted}) AS r
    CROSS JOIN override_bounds AS b ON b.plan_id = ${planId} AND b.part = json_extract(r.value, '$[0]')
      AND b.field = json_extract(r.value, '$[1]') AND b.rule = json_extract(r.value, '$[2]')
      AND b.value BETWEEN json_extract(r.value, '$[3]') AND json_extract(r.value, '$[4]')
    LIMIT 1`;
}

/** The customers of plan `planId` whose overrides name more than `room` resources, by id. */
export function crowded(planId: string, room: number): SQL {
  return sql`SELECT c.id AS id, c.version AS version, c.overrides AS overrides FROM override_bounds AS b
    JOIN customers AS c ON c.id = b.customer_id
    WHERE b.plan_id = ${planId} AND b.part = '' AND b.field = '' AND b.rule = 'resources' AND b.value > ${room}
    ORDER BY c.id`;
}
