// What a check needs to know about its caller, looked up once and then served from memory until config changes.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { apiKeys, customers, plans } from "../../../db/schema";
import { type Customer, effectiveLimits, effectiveLocalShare, effectiveResources } from "../domain/customer";
import type { Plan } from "../domain/plan";
import { type QuotaPolicy, quotaPolicy } from "../quota/limits";
import type { ConfigCache, Generation } from "./config-cache";
import type { CustomerStore } from "./customers";
import type { KeyIndex } from "./key-index";
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

type Own = { id: string; overrides: Customer["overrides"]; billingDay: number | null };

/** What the customer is held to on its plan: the plan's own target, shared, unless the customer overrides it. */
const policyOn = (plan: PlanEntry, own: Own): CheckTarget =>
  own.overrides ? target(plan.plan, own) : planTarget(plan, own.billingDay);

/**
 * A customer as checks use it: its target itself, read through to its policy (the plan's target, shared, or the
 * customer's own), and what the policy is made of besides its plan. No names, no timestamps, no copy of the plan: a
 * million of these are cached, so an entry is five fields and the target's are getters of its class.
 */
export class CustomerEntry implements CheckTarget {
  readonly customerId: string;
  readonly overrides: Customer["overrides"];
  readonly billingDay: number | null;
  plan: PlanEntry;
  policy: CheckTarget;

  constructor(plan: PlanEntry, own: Own) {
    this.customerId = own.id;
    this.overrides = own.overrides;
    this.billingDay = own.billingDay;
    this.plan = plan;
    this.policy = policyOn(plan, own);
  }

  /** Held to the plan as it is now, in place: whatever holds the entry sees it. */
  moveTo(plan: PlanEntry): void {
    this.plan = plan;
    this.policy = policyOn(plan, { id: this.customerId, overrides: this.overrides, billingDay: this.billingDay });
  }

  get planId() {
    return this.policy.planId;
  }
  get spec() {
    return this.policy.spec;
  }
  get resources() {
    return this.policy.resources;
  }
  get usage() {
    return this.policy.usage;
  }
  get localShare() {
    return this.policy.localShare;
  }
  get shadow() {
    return this.policy.shadow;
  }
  get failMode() {
    return this.policy.failMode;
  }
}

/** The plan's own target for a billing day, made once per plan entry; `customerId` null (anonymous traffic). */
function planTarget(entry: PlanEntry, billingDay: number | null): CheckTarget {
  let shared = entry.byBillingDay.get(billingDay);
  if (!shared) {
    shared = { ...target(entry.plan, { id: "", overrides: null, billingDay }), customerId: null };
    entry.byBillingDay.set(billingDay, shared);
  }
  return shared;
}

export type TargetCaches = {
  /**
   * A live key's digest (secrets.ts keyDigest) → its customer's entry (null: unknown or revoked), kept in a KeyIndex
   * so that a customer's edit drops its keys.
   */
  keys: ConfigCache<string, CustomerEntry | null, KeyIndex<CustomerEntry>>;
  /** A customer's id → what it is held to, for the routes that name a customer (null: no such customer). */
  customers: ConfigCache<string, CustomerEntry | null>;
  /** A plan's id → the plan as checks use it (null: no such plan). */
  plans: ConfigCache<string, PlanEntry | null>;
};

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

  function customerEntry({ customer, plan }: { customer: Customer; plan: Plan }, since: number) {
    const own: Own = { id: customer.id, overrides: customer.overrides ?? null, billingDay: customer.billingDay };
    return andThen(planOf(plan.id, plan, since), (entry) => (entry ? new CustomerEntry(entry, own) : null));
  }

  /** The customer's current target: made again on its plan read anew when the plan changed since. */
  function current(entry: CustomerEntry | null): Maybe<CheckTarget | null> {
    if (!entry) return null;
    if (!entry.plan.stale) return entry;
    return andThen(planOf(entry.planId), (plan) => {
      // A plan cannot be deleted while a customer is on it: gone, the customer has moved on (and is reread).
      if (!plan) return null;
      entry.moveTo(plan);
      return entry;
    });
  }

  // What the rows say is kept only if nothing changed since they were read, in any of the caches.
  const customerOf = (id: string) =>
    caches.customers.get(id, async () => {
      const since = generation.value;
      const row = await customerById.get({ id });
      return row ? customerEntry(row, since) : null;
    });

  const keyEntry = (digest: string) =>
    caches.keys.get(digest, async () => {
      const since = generation.value;
      const row = await byHash.get({ hash: hexOfDigest(digest) });
      return row ? customerEntry(row, since) : null;
    });

  return {
    /** The target of a customer's live API key, or null when the key is unknown or revoked. */
    byKey(key: string): Maybe<CheckTarget | null> {
      return andThen(keyEntry(keyDigest(key)), current);
    },
    byCustomer: (customerId: string) => andThen(customerOf(customerId), current),
    /** Drops what the customer's id and keys found: the customer changed (or is gone). */
    forgetCustomer(customerId: string): void {
      caches.customers.delete(customerId);
      caches.keys.entries.deleteCustomer(customerId);
    },
    /** The target of anonymous traffic, governed by the plan `anonymous` when it exists. */
    anonymous: () => andThen(planOf(ANONYMOUS_PLAN), (entry) => entry && planTarget(entry, null)),
  };
}
