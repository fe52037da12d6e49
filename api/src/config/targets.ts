// What a check needs to know about its caller, looked up once and then served from memory until config changes.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { apiKeys, customers, plans } from "../../../db/schema";
import { type Customer, effectiveLimits, effectiveLocalShare, effectiveResources } from "../domain/customer";
import type { Plan } from "../domain/plan";
import { type QuotaPolicy, quotaPolicy } from "../quota/limits";
import type { ConfigCache } from "./config-cache";
import type { CustomerStore } from "./customers";
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

export function createTargets(
  db: Db,
  stores: { plans: PlanStore; customers: CustomerStore },
  cache: ConfigCache<string, CheckTarget | null>,
) {
  // A live key, its customer and its plan in one prepared query: a cache miss costs one read, not three.
  const byHash = db
    .select({ customer: customers, plan: plans })
    .from(apiKeys)
    .innerJoin(customers, eq(customers.id, apiKeys.customerId))
    .innerJoin(plans, eq(plans.id, customers.planId))
    .where(and(eq(apiKeys.hash, sql.placeholder("hash")), isNull(apiKeys.revokedAt)))
    .prepare();

  async function forCustomer(customerId: string): Promise<CheckTarget | null> {
    const customer = await stores.customers.get(customerId);
    const plan = customer && (await stores.plans.get(customer.planId));
    return customer && plan ? target(plan, customer) : null;
  }

  return {
    /** The target of a customer's live API key (by the key's hash), or null when the key is unknown or revoked. */
    byKeyHash: (hash: string) =>
      cache.get(`key:${hash}`, async () => {
        const row = await byHash.get({ hash });
        return row ? target(row.plan, row.customer) : null;
      }),
    byCustomer: (customerId: string) => cache.get(`customer:${customerId}`, () => forCustomer(customerId)),
    /** The target of anonymous traffic, governed by the plan `anonymous` when it exists. */
    anonymous: () =>
      cache.get("anonymous", async () => {
        const plan = await stores.plans.get(ANONYMOUS_PLAN);
        return plan ? target(plan) : null;
      }),
  };
}
