// What a check needs to know about its caller, looked up once and then served from memory until config changes.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { apiKeys, customers, plans } from "../../../db/schema";
import { type Customer, effectiveLimits, effectiveLocalShare, effectiveResources } from "../domain/customer";
import type { Plan } from "../domain/plan";
import { type QuotaPolicy, quotaPolicy } from "../quota/limits";
import type { ConfigCache } from "./config-cache";
import type { CustomerStore } from "./customers";
import { andThen, type Maybe } from "./maybe";
import type { PlanStore } from "./plans";

/** A check's caller: whose counters, the quota's policy, and what the plan says to do on a denial or an outage. */
export type CheckTarget = QuotaPolicy & {
  customerId: string | null;
  planId: string;
  shadow: boolean;
  failMode: "open" | "closed";
};

export const ANONYMOUS_PLAN = "anonymous";

/** The target of a customer on its plan, or (no customer) of anonymous traffic on the plan `anonymous`. */
export function target(plan: Plan, customer?: Pick<Customer, "id" | "overrides" | "billingDay">): CheckTarget {
  const overrides = customer?.overrides ?? null;
  return {
    customerId: customer?.id ?? null,
    planId: plan.id,
    ...quotaPolicy(
      effectiveLimits(plan, overrides),
      effectiveResources(plan, overrides),
      customer?.billingDay ?? null,
      effectiveLocalShare(plan, overrides),
    ),
    shadow: overrides?.shadow ?? plan.shadow,
    failMode: overrides?.failMode ?? plan.failMode,
  };
}

/**
 * A plan as checks use it, shared by every customer on it: its targets, one per billing day asked for (a customer
 * without overrides is held to the plan's own). Stale once the plan changed: each customer's target is made again
 * from the plan read anew, without reading the customer again.
 */
type PlanEntry = { plan: Plan; byBillingDay: Map<number | null, CheckTarget>; stale: boolean };

/**
 * A customer as checks use it: its target, and what it is made of besides its plan (its id and its plan's are the
 * target's own). No names, no timestamps, no copy of the plan: a million of these are cached.
 */
type CustomerEntry = {
  target: CheckTarget & { customerId: string };
  overrides: Customer["overrides"];
  billingDay: number | null;
  plan: PlanEntry;
};

/** The plan's own target for a billing day, made once per plan entry; `customerId` null (anonymous traffic). */
function planTarget(entry: PlanEntry, billingDay: number | null): CheckTarget {
  let shared = entry.byBillingDay.get(billingDay);
  if (!shared) {
    shared = { ...target(entry.plan, { id: "", overrides: null, billingDay }), customerId: null };
    entry.byBillingDay.set(billingDay, shared);
  }
  return shared;
}

type Own = { id: string; overrides: Customer["overrides"]; billingDay: number | null };

function targetOn(entry: PlanEntry, customer: Own): CheckTarget & { customerId: string } {
  if (customer.overrides) return target(entry.plan, customer) as CheckTarget & { customerId: string };
  // The policy's parts are the plan's, shared; only the customer's id is its own.
  return { ...planTarget(entry, customer.billingDay), customerId: customer.id };
}

const ownOf = (entry: CustomerEntry): Own => ({
  id: entry.target.customerId,
  overrides: entry.overrides,
  billingDay: entry.billingDay,
});

export type TargetCaches = {
  /** A live key's hash → its customer's id (null: unknown or revoked). */
  keys: ConfigCache<string, string | null>;
  /** A customer's id → what checks of it are held to (null: no such customer). */
  customers: ConfigCache<string, CustomerEntry | null>;
  /** A plan's id → the plan as checks use it (null: no such plan). */
  plans: ConfigCache<string, PlanEntry | null>;
};

export function createTargets(db: Db, stores: { plans: PlanStore; customers: CustomerStore }, caches: TargetCaches) {
  // A live key, its customer and its plan in one prepared query: a cache miss costs one read, not three.
  const byHash = db
    .select({ customer: customers, plan: plans })
    .from(apiKeys)
    .innerJoin(customers, eq(customers.id, apiKeys.customerId))
    .innerJoin(plans, eq(plans.id, customers.planId))
    .where(and(eq(apiKeys.hash, sql.placeholder("hash")), isNull(apiKeys.revokedAt)))
    .prepare();
  const customerById = db
    .select({ customer: customers, plan: plans })
    .from(customers)
    .innerJoin(plans, eq(plans.id, customers.planId))
    .where(eq(customers.id, sql.placeholder("id")))
    .prepare();

  const planEntry = (plan: Plan): PlanEntry => ({ plan, byBillingDay: new Map(), stale: false });

  /** The plan's entry: the cached one while it is current, else one made of `read` (a row just read) or loaded. */
  function planOf(id: string, read?: Plan): Maybe<PlanEntry | null> {
    return caches.plans.get(id, async () => {
      const plan = read ?? (await stores.plans.get(id));
      return plan ? planEntry(plan) : null;
    });
  }

  function customerEntry(row: Customer, plan: Plan): Maybe<CustomerEntry | null> {
    const own: Own = { id: row.id, overrides: row.overrides ?? null, billingDay: row.billingDay };
    return andThen(planOf(plan.id, plan), (entry) =>
      entry
        ? { target: targetOn(entry, own), overrides: own.overrides, billingDay: own.billingDay, plan: entry }
        : null,
    );
  }

  /** The customer's current target: made again on its plan read anew when the plan changed since. */
  function current(entry: CustomerEntry | null): Maybe<CheckTarget | null> {
    if (!entry) return null;
    if (!entry.plan.stale) return entry.target;
    return andThen(planOf(entry.target.planId), (plan) => {
      // A plan cannot be deleted while a customer is on it: gone, the customer has moved on (and is reread).
      if (!plan) return null;
      entry.target = targetOn(plan, ownOf(entry));
      entry.plan = plan;
      return entry.target;
    });
  }

  /** The customer's entry, from `read` (its row and its plan's, just read) when it is not cached. */
  function customerOf(id: string, read?: { customer: Customer; plan: Plan }): Maybe<CustomerEntry | null> {
    return caches.customers.get(id, async () => {
      const row = read ?? (await customerById.get({ id }));
      return row ? customerEntry(row.customer, row.plan) : null;
    });
  }

  return {
    /** The target of a customer's live API key (by the key's hash), or null when the key is unknown or revoked. */
    byKeyHash(hash: string): Maybe<CheckTarget | null> {
      let read: { customer: Customer; plan: Plan } | undefined;
      const customerId = caches.keys.get(hash, async () => {
        read = await byHash.get({ hash });
        return read ? read.customer.id : null;
      });
      return andThen(customerId, (id) => (id === null ? null : andThen(customerOf(id, read), current)));
    },
    byCustomer: (customerId: string) => andThen(customerOf(customerId), current),
    /** The target of anonymous traffic, governed by the plan `anonymous` when it exists. */
    anonymous: () => andThen(planOf(ANONYMOUS_PLAN), (entry) => entry && planTarget(entry, null)),
  };
}
