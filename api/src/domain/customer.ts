// What a customer is: a name, a plan, and overrides of single plan fields under the plan's rules.
import { z } from "zod";
import { DisplayName, FailMode, LIMIT_FIELDS, Limit, type Limits, limitViolations, type Plan } from "./plan";

export const CUSTOMER_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

export const Overrides = z
  .strictObject({
    burst: Limit.optional(),
    perMinute: Limit.optional(),
    perHour: Limit.optional(),
    perDay: Limit.optional(),
    failMode: FailMode.optional(),
    shadow: z.boolean().optional(),
  })
  .nullable()
  .meta({ id: "Overrides", description: "Plan fields replaced for this customer.", example: { perDay: 100000 } });
export type Overrides = z.output<typeof Overrides>;

export const CustomerCreate = z
  .strictObject({
    id: z
      .string()
      .regex(CUSTOMER_ID, "id must match ^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$")
      .optional()
      .meta({ description: "Your own id for the customer; one is made (cus_…) when omitted.", example: "acme" }),
    name: DisplayName.meta({ example: "Acme Ltd" }),
    planId: z.string().min(1).max(63).meta({ example: "pro" }),
    overrides: Overrides.optional(),
  })
  .meta({ id: "CustomerCreate", example: { name: "Acme Ltd", planId: "pro", overrides: { perDay: 100000 } } });
export type CustomerCreate = z.output<typeof CustomerCreate>;

export const CustomerPatch = z
  .strictObject({
    name: DisplayName.optional(),
    planId: z.string().min(1).max(63).optional(),
    overrides: Overrides.optional(),
  })
  .refine((p) => Object.keys(p).length > 0, "give at least one field to change")
  .meta({ id: "CustomerPatch", example: { planId: "pro" } });
export type CustomerPatch = z.output<typeof CustomerPatch>;

export const Customer = z
  .object({
    id: z.string(),
    name: z.string(),
    planId: z.string(),
    overrides: Overrides,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({
    id: "Customer",
    example: {
      id: "cus_7YqK2mP9xW4tLb3n",
      name: "Acme Ltd",
      planId: "pro",
      overrides: { perDay: 100000 },
      createdAt: "2026-11-30T10:00:00.000Z",
      updatedAt: "2026-11-30T10:00:00.000Z",
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
