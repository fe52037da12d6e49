// The plan routes (contract section 4): list, and the versioned resource's create, read, change and delete.
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../auth";
import type { App, AppDeps } from "../deps";
import { Plan, PlanCreate, PlanPatch } from "../domain/plan";
import { errorResponses, jsonContent, security } from "../http";
import { registerVersioned } from "./versioned-routes";

const tags = ["Plans"];

// How many customer ids a refused delete names: enough to find them, few enough to read.
const NAMED = 3;

/**
 * Why a plan cannot go: the first customers on it, so the admin knows whom to move. Past those, how many more is not
 * counted: that would read every customer of a big plan to refuse a delete.
 */
function planInUse(id: string, { ids, more }: { ids: readonly string[]; more: boolean }): string {
  const n = ids.length;
  const who = more
    ? `more than ${n} customers (${ids.join(", ")} and more)`
    : `${n} ${n === 1 ? "customer" : "customers"} (${ids.join(", ")})`;
  return `plan ${JSON.stringify(id)} is used by ${who}; move them to another plan first`;
}

export function registerPlans(app: App, { config }: AppDeps) {
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/plans",
      operationId: "listPlans",
      tags,
      security,
      summary: "List plans",
      description: "Every plan, by id.",
      middleware: [allow("admin")],
      responses: {
        200: jsonContent(z.object({ plans: z.array(Plan) }), "Every plan, by id"),
        ...errorResponses("unauthorized", "forbidden"),
      },
    }),
    async (c) => c.json({ plans: await config.plans.list() }, 200),
  );

  registerVersioned(app, {
    name: "plan",
    path: "/v1/plans",
    tags,
    example: { id: "pro", version: 3 },
    schemas: { resource: Plan, create: PlanCreate, patch: PlanPatch },
    store: config.plans,
    docs: {
      create: {
        summary: "Create a plan",
        description:
          "At least one limit is set, burst needs perMinute, and longer periods allow no less than shorter ones (400 otherwise). 409 when the id is taken. The ETag carries the version, 1.",
      },
      get: {
        summary: "Read a plan",
        description: "The plan, with its version as the ETag: send it back as If-Match when you change the plan.",
      },
      update: {
        summary: "Change a plan",
        description:
          "Only the fields given change, and the result must obey the plan rules, as must the limits of every customer on it with its overrides (409 names a customer that would not). New limits apply from the next check, counted against what the current windows have used. Send If-Match with the ETag you read to be told (412) when someone else changed the plan meanwhile.",
        answer: "The plan, one version on",
      },
      remove: {
        summary: "Delete a plan",
        description:
          "Refused with 409 while any customer is on the plan; the message names the first three customers on it, oldest first, and says when there are more. If-Match, when sent, must match the plan's version (412 otherwise).",
      },
    },
    async whyNotRemoved(id) {
      const users = await config.customers.onPlan(id, NAMED);
      // Between the refusal and this read the last customer may have moved: then the store's words stand.
      return users.ids.length > 0 ? planInUse(id, users) : null;
    },
  });
}
