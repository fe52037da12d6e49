// The customer routes (contract section 4): list, create, read, change plan and overrides with If-Match, delete.
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../auth";
import type { App, AppDeps } from "../deps";
import { Customer, CustomerCreate, CustomerPatch } from "../domain/customer";
import { ApiError, unwrap } from "../errors";
import { errorResponses, etag, etagHeader, ifMatchHeader, ifMatchOf, jsonBody, jsonContent, security } from "../http";
import { Cursor, encodeCursor } from "./customer-cursor";

const tags = ["Customers"];
const IdParam = z.object({
  id: z.string().meta({ description: "The customer's id.", example: "cus_7YqK2mP9xW4tLb3n" }),
});
const IfMatchHeader = ifMatchHeader("customer", 4);
const withEtag = etagHeader("customer", 4);

const LIMIT_RANGE = "limit must be a whole number from 1 to 1000";
const ListQuery = z.object({
  q: z.string().max(100, "q must be at most 100 characters").optional().meta({
    description:
      "Finds the customers whose id, or whose name from one of its words on, starts with it, in any case: acme, ltd and acme l find Acme Ltd, cme does not. Spaces and ASCII punctuation count as one space between words.",
    example: "acme",
  }),
  limit: z.coerce
    .number({ error: LIMIT_RANGE })
    .int(LIMIT_RANGE)
    .min(1, LIMIT_RANGE)
    .max(1000, LIMIT_RANGE)
    .default(100)
    .meta({
      description: "How many customers a page holds at most, from 1 to 1000; default 100.",
      example: 100,
    }),
  cursor: Cursor.optional(),
});

const CustomerPage = z.object({
  customers: z.array(Customer),
  nextCursor: z.string().nullable().meta({
    description: "Send it as cursor for the next page; null on the last page.",
    example: "WyIyMDI2LTExLTMwVDEwOjAwOjAwLjAwMFoiLCJjdXNfN1lxSzJtUDl4VzR0TGIzbiJd",
  }),
});

export function registerCustomers(app: App, { config }: AppDeps) {
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/customers",
      operationId: "listCustomers",
      tags,
      security,
      summary: "List customers, a page at a time",
      description:
        "One page of the customers, newest first (by createdAt, then id), with their plans and overrides; with q, only those it finds. For the next page send nextCursor back as cursor, with the same q. A page costs the same however many customers there are.",
      middleware: [allow("admin")],
      request: { query: ListQuery },
      responses: {
        200: jsonContent(CustomerPage, "A page of customers, newest first"),
        ...errorResponses("invalid_request", "unauthorized", "forbidden"),
      },
    }),
    async (c) => {
      const { q, limit, cursor } = c.req.valid("query");
      const page = await config.customers.page({ q, limit, after: cursor });
      return c.json({ customers: page.customers, nextCursor: page.next && encodeCursor(page.next) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/customers",
      operationId: "createCustomer",
      tags,
      security,
      summary: "Create a customer",
      description:
        "The plan must exist and the overrides must obey the plan rules on it (400 otherwise). An id (cus_…) is made when you give none; 409 when the id is taken. The ETag carries the version, 1.",
      middleware: [allow("admin"), jsonBody],
      request: { body: { required: true, content: { "application/json": { schema: CustomerCreate } } } },
      responses: {
        201: { ...jsonContent(Customer, "The customer, at version 1"), headers: withEtag },
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
      const customer = unwrap(await config.customers.create(c.req.valid("json"), c.get("principal").actor));
      c.header("ETag", etag(customer.version));
      return c.json(customer, 201);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/customers/{id}",
      operationId: "getCustomer",
      tags,
      security,
      summary: "Read a customer",
      description:
        "The customer with its plan id and overrides, and its version as the ETag: send it back as If-Match when you change the customer.",
      middleware: [allow("admin")],
      request: { params: IdParam },
      responses: {
        200: { ...jsonContent(Customer, "The customer"), headers: withEtag },
        ...errorResponses("unauthorized", "forbidden", "not_found"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const customer = await config.customers.get(id);
      if (!customer) throw new ApiError("not_found", `customer ${id} does not exist`);
      c.header("ETag", etag(customer.version));
      return c.json(customer, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/v1/customers/{id}",
      operationId: "updateCustomer",
      tags,
      security,
      summary: "Change a customer's name, plan or overrides",
      description:
        "Only the fields given change. overrides replaces the customer's overrides as a whole (null removes them); the result must obey the plan rules on the customer's plan. New limits apply from the next check. Send If-Match with the ETag you read to be told (412) when someone else changed the customer meanwhile.",
      middleware: [allow("admin"), jsonBody],
      request: {
        params: IdParam,
        headers: IfMatchHeader,
        body: { required: true, content: { "application/json": { schema: CustomerPatch } } },
      },
      responses: {
        200: {
          ...jsonContent(Customer, "The customer, one version on (the same when nothing changed)"),
          headers: withEtag,
        },
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
      const customer = unwrap(
        await config.customers.update(id, c.req.valid("json"), ifMatch, c.get("principal").actor),
      );
      c.header("ETag", etag(customer.version));
      return c.json(customer, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/customers/{id}",
      operationId: "deleteCustomer",
      tags,
      security,
      summary: "Delete a customer and its API keys",
      description:
        "Its API keys go with it, so they stop working too. If-Match, when sent, must match the customer's version (412 otherwise); without it, 409 when the customer changed meanwhile: try again.",
      middleware: [allow("admin")],
      request: { params: IdParam, headers: IfMatchHeader },
      responses: {
        204: { description: "Deleted" },
        ...errorResponses("unauthorized", "forbidden", "not_found", "conflict", "precondition_failed"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      unwrap(await config.customers.remove(id, ifMatchOf(c.req.header("if-match")), c.get("principal").actor));
      return c.body(null, 204);
    },
  );
}
