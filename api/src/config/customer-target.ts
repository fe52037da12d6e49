// What a check is held to: a customer's terms (its plan, and what it overrides of it), shared by every customer of a
// plan and billing day without overrides, and the target a check gets, its customer's id beside the terms.
import {
  type Customer,
  effectiveAlerts,
  effectiveLimits,
  effectiveLocalShare,
  effectiveResources,
} from "../domain/customer";
import type { Plan } from "../domain/plan";
import { type QuotaPolicy, quotaPolicy } from "../quota/limits";

/** A check's caller: whose counters (the customer, or anonymous traffic), under which plan, and its quota's policy. */
export type CheckTarget = QuotaPolicy & {
  customerId: string | null;
  planId: string;
};

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
      overrides?.failMode ?? plan.failMode,
      overrides?.shadow ?? plan.shadow,
      effectiveAlerts(plan, overrides),
    ),
  };
}

/**
 * A plan as checks use it, shared by every customer on it: its terms for each billing day asked for, those of every
 * customer without overrides. Stale once the plan changed: terms that hold it are made again in place from the plan
 * read anew, without reading a customer again.
 */
export type PlanEntry = { plan: Plan; byBillingDay: Map<number | null, Terms>; stale: boolean };

export const planEntry = (plan: Plan): PlanEntry => ({ plan, byBillingDay: new Map(), stale: false });

/**
 * What customers are held to: a plan, and a customer's overrides of it. Changed in place when the plan changes, so
 * that every cached key holding the terms sees the plan as it is now.
 */
export class Terms {
  plan: PlanEntry;
  /** The policy, with no customer's id: the target's is its own. */
  policy: CheckTarget;
  readonly overrides: Customer["overrides"];
  readonly billingDay: number | null;

  constructor(plan: PlanEntry, overrides: Customer["overrides"], billingDay: number | null) {
    this.overrides = overrides;
    this.billingDay = billingDay;
    this.plan = plan;
    this.policy = this.#policyOn(plan);
  }

  moveTo(plan: PlanEntry): void {
    this.plan = plan;
    this.policy = this.#policyOn(plan);
  }

  #policyOn(plan: PlanEntry): CheckTarget {
    return {
      ...target(plan.plan, { id: "", overrides: this.overrides, billingDay: this.billingDay }),
      customerId: null,
    };
  }
}

/** A customer's terms on its plan: the plan's own for its billing day, shared, unless the customer overrides it. */
export function termsOn(plan: PlanEntry, own: Pick<Customer, "overrides" | "billingDay">): Terms {
  const overrides = own.overrides ?? null;
  if (overrides) return new Terms(plan, overrides, own.billingDay);
  let shared = plan.byBillingDay.get(own.billingDay);
  if (!shared) {
    shared = new Terms(plan, null, own.billingDay);
    plan.byBillingDay.set(own.billingDay, shared);
  }
  return shared;
}

/**
 * A customer's target: its id and its terms, the policy read through getters. Made anew for each check of a cached
 * key (key-index.ts keeps the id's bytes, not the object), which costs a young object instead of a million old ones.
 */
export class CustomerTarget implements CheckTarget {
  readonly customerId: string;
  readonly terms: Terms;

  constructor(customerId: string, terms: Terms) {
    this.customerId = customerId;
    this.terms = terms;
  }

  get planId() {
    return this.terms.policy.planId;
  }
  get spec() {
    return this.terms.policy.spec;
  }
  get resources() {
    return this.terms.policy.resources;
  }
  get usage() {
    return this.terms.policy.usage;
  }
  get localShare() {
    return this.terms.policy.localShare;
  }
  get shadow() {
    return this.terms.policy.shadow;
  }
  get failMode() {
    return this.terms.policy.failMode;
  }
}
