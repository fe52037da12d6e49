// GET /v1/me (contract section 6): the calling customer and the plan that applies to it, overrides included.
import { createRoute, z } from "@hono/zod-openapi";
import { allow, ownCustomer, revokedBearer } from "../auth";
import type { App, AppDeps } from "../deps";
import { effectiveAlerts, effectiveLimits, effectiveResources, Overrides } from "../domain/customer";
import {
  FailMode,
  LIMIT_EXAMPLES,
  LIMIT_FIELDS,
  type LimitField,
  noLimits,
  PLAN_FIELD_DOCS,
  ResourceLimitsOut,
} from "../domain/plan";
import { errorResponses, jsonContent, security } from "../http";

const limitFields = Object.fromEntries(
  LIMIT_FIELDS.map((f) => [f, z.number().int().nullable().meta({ description: PLAN_FIELD_DOCS[f] })]),
) as Record<LimitField, z.ZodNullable<z.ZodNumber>>;

export const Me = z
  .object({
    id: z.string().meta({ description: "The id of the customer this API key belongs to." }),
    name: z.string().meta({ description: "The customer's display name." }),
    planId: z.string().meta({ description: "The id of the customer's plan." }),
    billingDay: z.number().int().nullable().meta({
      description: "The day of the month the customer's monthly limits renew on (1–31); null: the calendar month.",
    }),
    plan: z
      .object({
        id: z.string().meta({ description: "The plan's id." }),
        name: z.string().meta({ description: "The plan's display name." }),
        ...limitFields,
        resources: z.record(z.string(), ResourceLimitsOut).meta({ description: PLAN_FIELD_DOCS.resources }),
        failMode: FailMode.meta({ description: PLAN_FIELD_DOCS.failMode }),
        shadow: z.boolean().meta({ description: PLAN_FIELD_DOCS.shadow }),
        alerts: z.array(z.number().int()).meta({ description: PLAN_FIELD_DOCS.alerts }),
      })
      .meta({
        description:
          "The plan as it applies to this customer: its fields with the customer's overrides laid over them.",
      }),
    // The plan above is already the effective one: without these, a customer could not tell its own limits from
    // its plan's.
    overrides: Overrides,
  })
  .meta({
    id: "Me",
    description: "The calling customer and the plan that applies to it.",
    example: {
      id: "cus_7YqK2mP9xW4tLb3n",
      name: "Acme Ltd",
      planId: "pro",
      billingDay: 17,
      plan: {
        id: "pro",
        name: "Pro",
        // The documentation's example plan, with the override below laid over it.
        ...LIMIT_EXAMPLES,
        perDay: 100000,
        resources: { "ai.generate": { ...noLimits(), perMinute: 10, perDay: 2000 } },
        failMode: "closed",
        shadow: false,
        alerts: [80, 100],
      },
      overrides: { perDay: 100000 },
    },
  });

export function registerMe(app: App, { config }: AppDeps) {
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/me",
      operationId: "getMe",
      tags: ["Usage"],
      security,
      summary: "The calling customer and its plan",
      description:
        "For a customer API key: its own customer and plan. The plan's limits are those that apply to this customer, its overrides included.",
      middleware: [allow("customer", "admin")],
      responses: {
        200: jsonContent(Me, "The customer and its plan"),
        ...errorResponses("unauthorized", "forbidden", "not_found"),
      },
    }),
    async (c) => {
      const customer = await config.customers.get(ownCustomer(c.get("principal")));
      const plan = customer && (await config.plans.get(customer.planId));
      // A key whose customer is gone is revoked with it: as on the server that deleted it, and on the others once they
      // have read the change (CONFIG_CACHE_TTL_MS), not a missing resource.
      if (!customer || !plan) throw revokedBearer();
      const { id, name, failMode, shadow } = plan;
      return c.json(
        {
          id: customer.id,
          name: customer.name,
          planId: customer.planId,
          billingDay: customer.billingDay,
          plan: {
            id,
            name,
            ...effectiveLimits(plan, customer.overrides),
            resources: effectiveResources(plan, customer.overrides),
            failMode: customer.overrides?.failMode ?? failMode,
            shadow: customer.overrides?.shadow ?? shadow,
            alerts: [...effectiveAlerts(plan, customer.overrides)],
          },
          overrides: customer.overrides,
        },
        200,
      );
    },
  );
}
