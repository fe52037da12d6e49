// The plan routes (contract section 4): list, create, read, change with If-Match, delete.
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../auth";
import type { App, AppDeps } from "../deps";
import { Plan, PlanCreate, PlanPatch } from "../domain/plan";
import { ApiError, unwrap } from "../errors";
import { errorResponses, etag, etagHeader, ifMatchHeader, ifMatchOf, jsonBody, jsonContent, security } from "../http";

const tags = ["Plans"];
const IdParam = z.object({ id: z.string().meta({ description: "The plan's id.", example: "pro" }) });
const IfMatchHeader = ifMatchHeader("plan", 3);
const withEtag = etagHeader("plan", 3);

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

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/plans",
      operationId: "createPlan",
      tags,
      security,
      summary: "Create a plan",
      description:
        "At least one limit is set, burst needs perMinute, and longer periods allow no less than shorter ones (400 otherwise). 409 when the id is taken. The ETag carries the version, 1.",
      middleware: [allow("admin"), jsonBody],
      request: { body: { required: true, content: { "application/json": { schema: PlanCreate } } } },
      responses: {
        201: { ...jsonContent(Plan, "The plan, at version 1"), headers: withEtag },
        ...errorResponses(
          "invalid_request",
          "unauthorized",
          "forbidden",
          "conflict",
          "payload_too_large",
          "unsupported_media_type",
        ),
      },
    }),
    async (c) => {
      const plan = unwrap(await config.plans.create(c.req.valid("json"), c.get("principal").actor));
      c.header("ETag", etag(plan.version));
      return c.json(plan, 201);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/plans/{id}",
      operationId: "getPlan",
      tags,
      security,
      summary: "Read a plan",
      description: "The plan, with its version as the ETag: send it back as If-Match when you change the plan.",
      middleware: [allow("admin")],
      request: { params: IdParam },
      responses: {
        200: { ...jsonContent(Plan, "The plan"), headers: withEtag },
        ...errorResponses("unauthorized", "forbidden", "not_found"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const plan = await config.plans.get(id);
      if (!plan) throw new ApiError("not_found", `plan ${id} does not exist`);
      c.header("ETag", etag(plan.version));
      return c.json(plan, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/v1/plans/{id}",
      operationId: "updatePlan",
      tags,
      security,
      summary: "Change a plan",
      description:
        "Only the fields given change, and the result must obey the plan rules, as must the limits of every customer on it with its overrides (409 names a customer that would not). New limits apply from the next check, counted against what the current windows have used. Send If-Match with the ETag you read to be told (412) when someone else changed the plan meanwhile.",
      middleware: [allow("admin"), jsonBody],
      request: {
        params: IdParam,
        headers: IfMatchHeader,
        body: { required: true, content: { "application/json": { schema: PlanPatch } } },
      },
      responses: {
        200: { ...jsonContent(Plan, "The plan, one version on"), headers: withEtag },
        ...errorResponses(
          "invalid_request",
          "unauthorized",
          "forbidden",
          "not_found",
          "conflict",
          "precondition_failed",
          "payload_too_large",
          "unsupported_media_type",
        ),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const ifMatch = ifMatchOf(c.req.header("if-match"));
      const plan = unwrap(await config.plans.update(id, c.req.valid("json"), ifMatch, c.get("principal").actor));
      c.header("ETag", etag(plan.version));
      return c.json(plan, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/plans/{id}",
      operationId: "deletePlan",
      tags,
      security,
      summary: "Delete a plan",
      description:
        "Refused with 409 while any customer is on the plan; the message names the first three customers on it, oldest first, and says when there are more. If-Match, when sent, must match the plan's version (412 otherwise).",
      middleware: [allow("admin")],
      request: { params: IdParam, headers: IfMatchHeader },
      responses: {
        204: { description: "Deleted" },
        ...errorResponses("unauthorized", "forbidden", "not_found", "conflict", "precondition_failed"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const removed = await config.plans.remove(id, ifMatchOf(c.req.header("if-match")), c.get("principal").actor);
      if (!removed.ok && removed.code === "conflict") {
        const users = await config.customers.onPlan(id, NAMED);
        // Between the refusal and this read the last customer may have moved: then the store's words stand.
        if (users.ids.length > 0) throw new ApiError("conflict", planInUse(id, users));
      }
      unwrap(removed);
      return c.body(null, 204);
    },
  );
}
