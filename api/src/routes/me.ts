// GET /v1/me (contract section 6): the calling customer and the plan that applies to it, overrides included.
import { createRoute, z } from "@hono/zod-openapi";
import type { App, AppDeps } from "../app";
import { allow } from "../auth";
import { effectiveLimits } from "../domain/customer";
import { ApiError } from "../errors";
import { errorResponses, jsonContent, security } from "../http";

const Me = z
  .object({
    id: z.string(),
    name: z.string(),
    planId: z.string(),
    plan: z.object({
      id: z.string(),
      name: z.string(),
      burst: z.number().int().nullable(),
      perMinute: z.number().int().nullable(),
      perHour: z.number().int().nullable(),
      perDay: z.number().int().nullable(),
      failMode: z.enum(["open", "closed"]),
      shadow: z.boolean(),
    }),
  })
  .meta({
    id: "Me",
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
      description: "The plan's limits are those that apply to this customer, its overrides included.",
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
