// What a check needs to know about its caller, looked up once and then served from memory until config changes.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { apiKeys, customers, plans } from "../../../db/schema";
import { type Customer, effectiveLimits, effectiveLocalShare, effectiveResources } from "../domain/customer";
import type { Plan } from "../domain/plan";
import { type QuotaPolicy, quotaPolicy } from "../quota/limits";
import type { ConfigCache, Generation } from "./config-cache";
import type { CustomerStore } from "./customers";
import { andThen, type Maybe } from "./maybe";
import type { PlanStore } from "./plans";
import { hexOfDigest, keyDigest } from "./secrets";

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
export type PlanEntry = { plan: Plan; byBillingDay: Map<number | null, CheckTarget>; stale: boolean };

/**
 * A customer as checks use it: its target itself, and what the target is made of besides its plan (its id and its
 * plan's are the target's own). No names, no timestamps, no copy of the plan: a million of these are cached, so the
 * target is not an object of its own.
 */
export type CustomerEntry = CheckTarget & {
  customerId: string;
  overrides: Customer["overrides"];
  billingDay: number | null;
  plan: PlanEntry;
  /**
   * Set once the entry has left the customers' cache (the customer changed, or newer ones pushed it out): the keys
   * that still point at it are read again before they are used, so a key of a customer deleted and made again under
   * the same id never counts as the new one's.
   */
  stale: boolean;
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

/** The customer's entry on its plan: the policy's parts are the plan's, shared, unless the customer overrides them. */
function entryOn(plan: PlanEntry, own: Own): CustomerEntry {
  const policy = own.overrides ? target(plan.plan, own) : planTarget(plan, own.billingDay);
  // Field by field, not spread: a spread with more fields after it makes an object of slow properties, twice the size.
  return {
    customerId: own.id,
    planId: policy.planId,
    spec: policy.spec,
    resources: policy.resources,
    usage: policy.usage,
    localShare: policy.localShare,
    shadow: policy.shadow,
    failMode: policy.failMode,
    overrides: own.overrides,
    billingDay: own.billingDay,
    plan,
    stale: false,
  };
}

const ownOf = (entry: CustomerEntry): Own => ({
  id: entry.customerId,
  overrides: entry.overrides,
  billingDay: entry.billingDay,
});

export type TargetCaches = {
  /** A live key's digest (secrets.ts keyDigest) → its customer's entry (null: unknown or revoked). */
  keys: ConfigCache<string, CustomerEntry | null>;
  /** A customer's id → what checks of it are held to (null: no such customer). */
  customers: ConfigCache<string, CustomerEntry | null>;
  /** A plan's id → the plan as checks use it (null: no such plan). */
  plans: ConfigCache<string, PlanEntry | null>;
};

/** A key's or a customer's row and its plan's, read together, and the caches' generation when they were read. */
type Read = { customer: Customer; plan: Plan; since?: number };

export function createTargets(
  db: Db,
  stores: { plans: PlanStore; customers: CustomerStore },
  caches: TargetCaches,
  generation: Generation,
) {
  // A live key, its customer and its plan in one prepared query: a cache miss costs one read, not three. LIMIT 1: a
  // read of one row at most goes through the driver's get(), which leaves no row iterator behind (db/cached-reads.ts).
  const byHash = db
    .select({ customer: customers, plan: plans })
    .from(apiKeys)
    .innerJoin(customers, eq(customers.id, apiKeys.customerId))
    .innerJoin(plans, eq(plans.id, customers.planId))
    .where(and(eq(apiKeys.hash, sql.placeholder("hash")), isNull(apiKeys.revokedAt)))
    .limit(1)
    .prepare();
  const customerById = db
    .select({ customer: customers, plan: plans })
    .from(customers)
    .innerJoin(plans, eq(plans.id, customers.planId))
    .where(eq(customers.id, sql.placeholder("id")))
    .limit(1)
    .prepare();

  const planEntry = (plan: Plan): PlanEntry => ({ plan, byBillingDay: new Map(), stale: false });

  /** The plan's entry: the cached one while it is current, else one made of `read` (a row just read) or loaded. */
  function planOf(id: string, read?: Plan, since?: number): Maybe<PlanEntry | null> {
    return caches.plans.get(
      id,
      async () => {
        const plan = read ?? (await stores.plans.get(id));
        return plan ? planEntry(plan) : null;
      },
      since,
    );
  }

  function customerEntry({ customer, plan }: { customer: Customer; plan: Plan }, since?: number) {
    const own: Own = { id: customer.id, overrides: customer.overrides ?? null, billingDay: customer.billingDay };
    return andThen(planOf(plan.id, plan, since), (entry) => (entry ? entryOn(entry, own) : null));
  }

  /** The customer's current target: made again on its plan read anew when the plan changed since. */
  function current(entry: CustomerEntry | null): Maybe<CheckTarget | null> {
    if (!entry) return null;
    if (!entry.plan.stale) return entry;
    return andThen(planOf(entry.planId), (plan) => {
      // A plan cannot be deleted while a customer is on it: gone, the customer has moved on (and is reread).
      if (!plan) return null;
      // In place: the keys that point at the entry see the plan as it is now (and still whether the entry is stale).
      Object.assign(entry, entryOn(plan, ownOf(entry)), { stale: entry.stale });
      return entry;
    });
  }

  /** The customer's entry, from `read` (its row and its plan's, just read) when it is not cached. */
  function customerOf(id: string, read?: Read): Maybe<CustomerEntry | null> {
    return caches.customers.get(
      id,
      async () => {
        const row = read ?? (await customerById.get({ id }));
        return row ? customerEntry(row, read?.since) : null;
      },
      read?.since,
    );
  }

  /** The entry of a key's customer: read again, key and all, when the one it pointed at has gone stale. */
  function keyEntry(digest: string, again = true): Maybe<CustomerEntry | null> {
    const found = caches.keys.get(digest, async () => {
      // What the rows say is kept only if nothing changed since they were read, in any of the caches.
      const since = generation.value;
      const row = await byHash.get({ hash: hexOfDigest(digest) });
      return row ? customerOf(row.customer.id, { ...row, since }) : null;
    });
    return andThen(found, (entry) => {
      if (!entry?.stale || !again) return entry;
      caches.keys.delete(digest, { changed: false });
      return keyEntry(digest, false);
    });
  }

  return {
    /** The target of a customer's live API key, or null when the key is unknown or revoked. */
    byKey(key: string): Maybe<CheckTarget | null> {
      return andThen(keyEntry(keyDigest(key)), current);
    },
    byCustomer: (customerId: string) => andThen(customerOf(customerId), current),
    /** The target of anonymous traffic, governed by the plan `anonymous` when it exists. */
    anonymous: () => andThen(planOf(ANONYMOUS_PLAN), (entry) => entry && planTarget(entry, null)),
  };
}
