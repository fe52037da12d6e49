// GET /v1/me (contract section 6): the calling customer and the plan that applies to it, overrides included.
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../auth";
import type { App, AppDeps } from "../deps";
import { effectiveLimits } from "../domain/customer";
import { PLAN_FIELD_DOCS } from "../domain/plan";
import { ApiError } from "../errors";
import { errorResponses, jsonContent, security } from "../http";

export const Me = z
  .object({
    id: z.string().meta({ description: "The id of the customer this API key belongs to." }),
    name: z.string().meta({ description: "The customer's display name." }),
    planId: z.string().meta({ description: "The id of the customer's plan." }),
    plan: z
      .object({
        id: z.string().meta({ description: "The plan's id." }),
        name: z.string().meta({ description: "The plan's display name." }),
        burst: z.number().int().nullable().meta({ description: PLAN_FIELD_DOCS.burst }),
        perMinute: z.number().int().nullable().meta({ description: PLAN_FIELD_DOCS.perMinute }),
        perHour: z.number().int().nullable().meta({ description: PLAN_FIELD_DOCS.perHour }),
        perDay: z.number().int().nullable().meta({ description: PLAN_FIELD_DOCS.perDay }),
        failMode: z.enum(["open", "closed"]).meta({ description: PLAN_FIELD_DOCS.failMode }),
        shadow: z.boolean().meta({ description: PLAN_FIELD_DOCS.shadow }),
      })
      .meta({
        description:
          "The plan as it applies to this customer: its fields with the customer's overrides laid over them.",
      }),
  })
  .meta({
    id: "Me",
    description: "The calling customer and the plan that applies to it.",
    example: {
      id: "cus_7YqK2mP9xW4tLb3n",
      name: "Acme Ltd",
      planId: "pro",
      plan: {
        id: "pro",
        name: "Pro",
        burst: 20,
        perMinute: 100,
        perHour: 5000,
        perDay: 100000,
        failMode: "closed",
        shadow: false,
      },
    },
  });

export function registerMe(app: App, { config }: AppDeps) {
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/me",
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
      const principal = c.get("principal");
      if (principal.kind !== "customer") throw new ApiError("not_found", "this bearer belongs to no customer");
      const customer = await config.customers.get(principal.customerId);
      const plan = customer && (await config.plans.get(customer.planId));
      if (!customer || !plan) throw new ApiError("not_found", "the customer of this key no longer exists");
      const { id, name, failMode, shadow } = plan;
      return c.json(
        {
          id: customer.id,
          name: customer.name,
          planId: customer.planId,
          plan: {
            id,
            name,
            ...effectiveLimits(plan, customer.overrides),
            failMode: customer.overrides?.failMode ?? failMode,
            shadow: customer.overrides?.shadow ?? shadow,
          },
        },
        200,
      );
    },
  );
}
