// What a customer is: a name, a plan, and overrides of single plan fields under the plan's rules.
import { z } from "zod";
import {
  Alerts,
  DisplayName,
  FailMode,
  LIMIT_FIELDS,
  type Limit,
  type LimitField,
  type Limits,
  LocalShare,
  limitFor,
  noLimits,
  PLAN_FIELD_DOCS,
  type Plan,
  planViolations,
  type Resources,
  resourceRecord,
} from "./plan";

export const CUSTOMER_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

const overrideLimits = Object.fromEntries(
  LIMIT_FIELDS.map((f) => [
    f,
    limitFor(f)
      .optional()
      .meta({ description: `Replaces the plan's ${f}. ${PLAN_FIELD_DOCS[f]}` }),
  ]),
) as Record<LimitField, z.ZodOptional<typeof Limit>>;

/** A resource's limits replaced for one customer, field by field; the fields left out keep the plan's. */
export const ResourceOverrides = z.strictObject(overrideLimits);

export const Overrides = z
  .strictObject({
    ...overrideLimits,
    resources: resourceRecord(ResourceOverrides)
      .optional()
      .meta({
        description:
          "Resource limits replaced for this customer, field by field: a field left out keeps the plan resource's value.",
        example: { "ai.generate": { perDay: 2000 } },
      }),
    failMode: FailMode.optional().meta({
      description: `Replaces the plan's failMode. ${PLAN_FIELD_DOCS.failMode}`,
      example: "open",
    }),
    shadow: z
      .boolean()
      .optional()
      .meta({ description: `Replaces the plan's shadow. ${PLAN_FIELD_DOCS.shadow}`, example: false }),
    localShare: LocalShare.optional().meta({
      description: `Replaces the plan's localShare; null turns local shares off for this customer (as a null limit removes that limit), left out keeps the plan's. ${PLAN_FIELD_DOCS.localShare}`,
      example: 100,
    }),
    alerts: Alerts.optional().meta({
      description: `Replaces the plan's alerts; [] turns them off for this customer. ${PLAN_FIELD_DOCS.alerts}`,
      example: [50, 90, 100],
    }),
  })
  .nullable()
  .meta({
    id: "Overrides",
    description:
      "Plan fields replaced for this customer; a field left out keeps the plan's value. The limits that result obey the plan rules. null: no overrides.",
    example: { perDay: 100000, resources: { "ai.generate": { perDay: 2000 } } },
  });
export type Overrides = z.output<typeof Overrides>;

const CUSTOMER_ID_DOC = "The customer's id: the one given on creation, or cus_… made by Bouncer.";
const PLAN_ID_DOC = "The id of the plan the customer is on; the plan must exist.";
const BILLING_DAY_DOC =
  "The day of the month (1–31) the customer's monthly limits renew on, at 00:00Z; in a month without that day, on its last day. null: the calendar month.";
const BillingDay = z
  .number()
  .int("billingDay must be a whole number")
  .min(1, "billingDay must be 1 to 31")
  .max(31, "billingDay must be 1 to 31")
  .nullable();

export const CustomerCreate = z
  .strictObject({
    id: z.string().regex(CUSTOMER_ID, "id must match ^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$").optional().meta({
      description:
        "Your own id for the customer (letters, digits, _ and -, at most 63 characters); one is made (cus_…) when omitted.",
      example: "acme",
    }),
    name: DisplayName.meta({ description: "Display name, 1–100 characters.", example: "Acme Ltd" }),
    planId: z.string().min(1).max(63).meta({ description: PLAN_ID_DOC, example: "pro" }),
    billingDay: BillingDay.default(null).meta({ description: BILLING_DAY_DOC, example: 17 }),
    overrides: Overrides.optional(),
  })
  .meta({
    id: "CustomerCreate",
    description: "A new customer. Its overrides must obey the plan rules on its plan.",
    example: { name: "Acme Ltd", planId: "pro", overrides: { perDay: 100000 } },
  });
export type CustomerCreate = z.output<typeof CustomerCreate>;

export const CustomerPatch = z
  .strictObject({
    name: DisplayName.optional().meta({ description: "Display name, 1–100 characters.", example: "Acme Ltd" }),
    planId: z.string().min(1).max(63).optional().meta({
      description: "Move the customer to this plan; its overrides must obey the new plan's rules.",
      example: "pro",
    }),
    billingDay: BillingDay.optional().meta({ description: BILLING_DAY_DOC, example: 17 }),
    overrides: Overrides.optional(),
  })
  .refine((p) => Object.keys(p).length > 0, "give at least one field to change")
  .meta({
    id: "CustomerPatch",
    description:
      "The fields to change, at least one. overrides replaces the customer's overrides as a whole; null removes them.",
    example: { planId: "pro" },
  });
export type CustomerPatch = z.output<typeof CustomerPatch>;

export const Customer = z
  .object({
    id: z.string().meta({ description: CUSTOMER_ID_DOC }),
    name: z.string().meta({ description: "Display name." }),
    planId: z.string().meta({ description: PLAN_ID_DOC }),
    billingDay: z.number().int().nullable().meta({ description: BILLING_DAY_DOC }),
    overrides: Overrides,
    version: z
      .number()
      .int()
      .meta({ description: 'Starts at 1 and grows by one on every change; sent as the ETag ("4").' }),
    createdAt: z.string().meta({ description: "When the customer was created (ISO 8601, UTC).", format: "date-time" }),
    updatedAt: z.string().meta({ description: "When the customer last changed (ISO 8601, UTC).", format: "date-time" }),
  })
  .meta({
    id: "Customer",
    description: "A customer: who calls your API, on which plan, with which overrides.",
    example: {
      id: "cus_7YqK2mP9xW4tLb3n",
      name: "Acme Ltd",
      planId: "pro",
      billingDay: 17,
      overrides: { perDay: 100000, resources: { "ai.generate": { perDay: 2000 } } },
      version: 4,
      createdAt: "2026-11-30T10:00:00.000Z",
      updatedAt: "2026-11-30T11:00:00.000Z",
    },
  });
export type Customer = z.output<typeof Customer>;

/** The limits that apply to a customer: the plan's, with the customer's overrides laid over them. */
export function effectiveLimits(plan: Plan, overrides: Overrides): Limits {
  return laidOver(plan, overrides ?? undefined);
}

function laidOver(base: Limits, over: Partial<Record<LimitField, number | null>> | undefined): Limits {
  const limits = {} as Limits;
  for (const field of LIMIT_FIELDS) {
    const override = over?.[field];
    limits[field] = override === undefined ? base[field] : override;
  }
  return limits;
}

/** The local share that applies to a customer: its override when it has one (null included: off), else the plan's. */
export function effectiveLocalShare(plan: Pick<Plan, "localShare">, overrides: Overrides): number | null {
  const override = overrides?.localShare;
  return override === undefined ? plan.localShare : override;
}

/** The alert thresholds that apply to a customer: its override when it has one ([] included: none), else the plan's. */
export function effectiveAlerts(plan: Pick<Plan, "alerts">, overrides: Overrides): readonly number[] {
  return overrides?.alerts ?? plan.alerts;
}

/**
 * The resource limits that apply to a customer: each of the plan's resources with the customer's overrides laid
 * over it field by field, and any resource only the overrides name.
 */
export function effectiveResources(plan: Plan, overrides: Overrides): Resources {
  const resources: Resources = {};
  const overridden = overrides?.resources ?? {};
  // Own properties only: a resource may be named `constructor` or `toString`, which every object inherits.
  for (const [name, limits] of Object.entries(plan.resources))
    resources[name] = laidOver(limits, Object.hasOwn(overridden, name) ? overridden[name] : undefined);
  for (const [name, over] of Object.entries(overridden)) {
    if (!Object.hasOwn(resources, name)) resources[name] = laidOver(noLimits(), over);
  }
  return resources;
}

/** Why these overrides cannot apply on this plan, or null when they can. */
export function overridesViolation(plan: Plan, overrides: Overrides): string | null {
  const found = planViolations({
    ...effectiveLimits(plan, overrides),
    resources: effectiveResources(plan, overrides),
  })[0];
  return found ? `overrides on plan ${plan.id}: ${found.message}` : null;
}
