// What a check needs to know about its caller, looked up once and then served from memory for the cache TTL.
import { effectiveLimits } from "../domain/customer";
import type { Plan } from "../domain/plan";
import { type LimitSpec, limitSpec, policyHeader } from "../quota/limits";
import type { CustomerStore } from "./customers";
import type { KeyStore } from "./keys";
import type { PlanStore } from "./plans";
import type { TtlCache } from "./ttl-cache";

/** A check's caller: whose counters, which limits, and what the plan says to do on a denial or an outage. */
export type CheckTarget = {
  customerId: string | null;
  planId: string;
  spec: LimitSpec;
  /** The bucket's refill rate, reported beside the burst limit. */
  perMinute: number | null;
  shadow: boolean;
  failMode: "open" | "closed";
  /** The RateLimit-Policy header, computed once here rather than on every check. */
  policy: string;
};

export const ANONYMOUS_PLAN = "anonymous";

function target(customerId: string | null, plan: Plan, overrides: Parameters<typeof effectiveLimits>[1]): CheckTarget {
  const limits = effectiveLimits(plan, overrides);
  const spec = limitSpec(limits);
  return {
    customerId,
    planId: plan.id,
    spec,
    perMinute: limits.perMinute,
    shadow: overrides?.shadow ?? plan.shadow,
    failMode: overrides?.failMode ?? plan.failMode,
    policy: policyHeader(spec),
  };
}

export function createTargets(
  stores: { plans: PlanStore; customers: CustomerStore; keys: KeyStore },
  cache: TtlCache<string, CheckTarget | null>,
) {
  async function forCustomer(customerId: string): Promise<CheckTarget | null> {
    const customer = await stores.customers.get(customerId);
    const plan = customer && (await stores.plans.get(customer.planId));
    return customer && plan ? target(customer.id, plan, customer.overrides) : null;
  }

  async function cached(key: string, load: () => Promise<CheckTarget | null>): Promise<CheckTarget | null> {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const found = await load();
    cache.set(key, found);
    return found;
  }

  return {
    /** The target of a customer's live API key (by the key's hash), or null when the key is unknown or revoked. */
    byKeyHash: (hash: string) =>
      cached(`key:${hash}`, async () => {
        const key = await stores.keys.byHash(hash);
        return key ? forCustomer(key.customerId) : null;
      }),
    byCustomer: (customerId: string) => cached(`customer:${customerId}`, () => forCustomer(customerId)),
    /** The target of anonymous traffic, governed by the plan `anonymous` when it exists. */
    anonymous: () =>
      cached("anonymous", async () => {
        const plan = await stores.plans.get(ANONYMOUS_PLAN);
        return plan ? target(null, plan, null) : null;
      }),
  };
}
