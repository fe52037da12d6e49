// What a check needs to know about its caller, looked up once and then served from memory until config changes.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { apiKeys, customers, plans } from "../../../db/schema";
import type { Customer } from "../domain/customer";
import type { Plan } from "../domain/plan";
import type { ConfigCache, Generation } from "./config-cache";
import { type CheckTarget, CustomerTarget, type PlanEntry, planEntry, termsOn } from "./customer-target";
import type { CustomerStore } from "./customers";
import { readAgainOnce } from "./db-errors";
import type { KeyIndex } from "./key-index";
import { andThen, type Maybe } from "./maybe";
import type { PlanStore } from "./plans";
import { hexOfDigest, keyDigest, remembered } from "./secrets";

export const ANONYMOUS_PLAN = "anonymous";

export type TargetCaches = {
  /**
   * A live key's digest (secrets.ts keyDigest) → its customer's target (null: unknown or revoked), in a KeyIndex:
   * a million keys in little memory, and a customer's edit drops its keys.
   */
  keys: ConfigCache<string, CustomerTarget | null, KeyIndex>;
  /** A customer's id → what it is held to, for the routes that name a customer (null: no such customer). */
  customers: ConfigCache<string, CustomerTarget | null>;
  /** A plan's id → the plan as checks use it (null: no such plan). */
  plans: ConfigCache<string, PlanEntry | null>;
};

export function createTargets(
  db: Db,
  stores: { plans: PlanStore; customers: CustomerStore },
  caches: TargetCaches,
  generation: Generation,
) {
  // The keys checked lately: a few thousand strings, while the cache below holds a million keys by digest alone.
  const digestOf = remembered(keyDigest, 4096);
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

  /** A customer's target, from its row and its plan's read at `since`. */
  function targetOf({ customer, plan }: { customer: Customer; plan: Plan }, since: number) {
    return andThen(planOf(plan.id, plan, since), (entry) =>
      entry ? new CustomerTarget(customer.id, termsOn(entry, customer)) : null,
    );
  }

  /** The customer's current target: made again on its plan read anew when the plan changed since. */
  function current(found: CustomerTarget | null): Maybe<CheckTarget | null> {
    if (!found) return null;
    const { terms } = found;
    if (!terms.plan.stale) return found;
    return andThen(planOf(terms.plan.plan.id), (plan) => {
      // A plan cannot be deleted while a customer is on it: gone, the customer has moved on (and is reread).
      if (!plan) return null;
      terms.moveTo(plan);
      return found;
    });
  }

  // What the rows say is kept only if nothing changed since they were read, in any of the caches.
  const customerOf = (id: string) =>
    caches.customers.get(id, async () => {
      const since = generation.value;
      const row = await readAgainOnce(() => customerById.get({ id }));
      return row ? targetOf(row, since) : null;
    });

  const keyTarget = (digest: string) =>
    caches.keys.get(digest, async () => {
      const since = generation.value;
      const row = await readAgainOnce(() => byHash.get({ hash: hexOfDigest(digest) }));
      return row ? targetOf(row, since) : null;
    });

  return {
    /** The target of a customer's live API key, or null when the key is unknown or revoked. */
    byKey(key: string): Maybe<CheckTarget | null> {
      return andThen(keyTarget(digestOf(key)), current);
    },
    byCustomer: (customerId: string) => andThen(customerOf(customerId), current),
    /** Drops what the customer's id and keys found: the customer changed (or is gone). */
    forgetCustomer(customerId: string): void {
      caches.customers.delete(customerId);
      caches.keys.entries.deleteCustomer(customerId);
    },
    /** The target of anonymous traffic, governed by the plan `anonymous` when it exists. */
    anonymous: () =>
      andThen(planOf(ANONYMOUS_PLAN), (entry) => entry && termsOn(entry, { overrides: null, billingDay: null }).policy),
  };
}
