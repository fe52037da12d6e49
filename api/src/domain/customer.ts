// What a customer is: a name, a plan, and overrides of single plan fields under the plan's rules.
import { z } from "zod";
import {
  DisplayName,
  FailMode,
  LIMIT_FIELDS,
  Limit,
  type Limits,
  limitViolations,
  PLAN_FIELD_DOCS,
  type Plan,
} from "./plan";

export const CUSTOMER_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

export const Overrides = z
  .strictObject({
    burst: Limit.optional().meta({ description: `Replaces the plan's burst. ${PLAN_FIELD_DOCS.burst}`, example: 40 }),
    perMinute: Limit.optional().meta({
      description: `Replaces the plan's perMinute. ${PLAN_FIELD_DOCS.perMinute}`,
      example: 200,
    }),
    perHour: Limit.optional().meta({
      description: `Replaces the plan's perHour. ${PLAN_FIELD_DOCS.perHour}`,
      example: 10000,
    }),
    perDay: Limit.optional().meta({
      description: `Replaces the plan's perDay. ${PLAN_FIELD_DOCS.perDay}`,
      example: 100000,
    }),
    failMode: FailMode.optional().meta({
      description: `Replaces the plan's failMode. ${PLAN_FIELD_DOCS.failMode}`,
      example: "open",
    }),
    shadow: z
      .boolean()
      .optional()
      .meta({ description: `Replaces the plan's shadow. ${PLAN_FIELD_DOCS.shadow}`, example: false }),
  })
  .nullable()
  .meta({
    id: "Overrides",
    description:
      "Plan fields replaced for this customer; a field left out keeps the plan's value. The limits that result obey the plan rules. null: no overrides.",
    example: { perDay: 100000 },
  });
export type Overrides = z.output<typeof Overrides>;

const CUSTOMER_ID_DOC = "The customer's id: the one given on creation, or cus_… made by Bouncer.";
const PLAN_ID_DOC = "The id of the plan the customer is on; the plan must exist.";

export const CustomerCreate = z
  .strictObject({
    id: z.string().regex(CUSTOMER_ID, "id must match ^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$").optional().meta({
      description:
        "Your own id for the customer (letters, digits, _ and -, at most 63 characters); one is made (cus_…) when omitted.",
      example: "acme",
    }),
    name: DisplayName.meta({ description: "Display name, 1–100 characters.", example: "Acme Ltd" }),
    planId: z.string().min(1).max(63).meta({ description: PLAN_ID_DOC, example: "pro" }),
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
    overrides: Overrides,
    version: z
      .number()
      .int()
      .meta({ description: 'Starts at 1 and grows by one on every change; sent as the ETag ("4").' }),
    createdAt: z.string().meta({ description: "When the customer was created (ISO 8601, UTC)." }),
    updatedAt: z.string().meta({ description: "When the customer last changed (ISO 8601, UTC)." }),
  })
  .meta({
    id: "Customer",
    description: "A customer: who calls your API, on which plan, with which overrides.",
    example: {
      id: "cus_7YqK2mP9xW4tLb3n",
      name: "Acme Ltd",
      planId: "pro",
      overrides: { perDay: 100000 },
      version: 4,
      createdAt: "2026-11-30T10:00:00.000Z",
      updatedAt: "2026-11-30T11:00:00.000Z",
    },
  });
export type Customer = z.output<typeof Customer>;

/** The limits that apply to a customer: the plan's, with the customer's overrides laid over them. */
export function effectiveLimits(plan: Plan, overrides: Overrides): Limits {
  const limits = {} as Limits;
  for (const field of LIMIT_FIELDS) {
    const override = overrides?.[field];
    limits[field] = override === undefined ? plan[field] : override;
  }
  return limits;
}

/** Why these overrides cannot apply on this plan, or null when they can. */
export function overridesViolation(plan: Plan, overrides: Overrides): string | null {
  const found = limitViolations(effectiveLimits(plan, overrides))[0];
  return found ? `overrides on plan ${plan.id}: ${found.message}` : null;
}
