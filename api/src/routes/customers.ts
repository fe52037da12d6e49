// The customer routes (contract section 4): the list a page at a time, and the versioned resource's create, read,
// change (name, plan, overrides) and delete.
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../auth";
import type { App, AppDeps } from "../deps";
import { Customer, CustomerCreate, CustomerPatch } from "../domain/customer";
import { errorResponses, jsonContent, security } from "../http";
import type { Limiter } from "../quota/limiter";
import { customerSubject } from "../quota/subject";
import { Cursor, encodeCursor } from "./customer-cursor";
import { queryCount } from "./query-count";
import { registerVersioned } from "./versioned-routes";

const tags = ["Customers"];

const LIMIT_RANGE = "limit must be a whole number from 1 to 1000";
const ListQuery = z.object({
  q: z.string().max(100, "q must be at most 100 characters").optional().meta({
    description:
      "Finds the customers whose id, or whose name from one of its words on, starts with it, in any case: acme, ltd and acme l find Acme Ltd, cme does not. Spaces and ASCII punctuation count as one space between words.",
    example: "acme",
  }),
  limit: queryCount(
    z.coerce
      .number({ error: LIMIT_RANGE })
      .int(LIMIT_RANGE)
      .min(1, LIMIT_RANGE)
      .max(1000, LIMIT_RANGE)
      .default(100)
      .meta({
        description: "How many customers a page holds at most, from 1 to 1000; default 100.",
        example: 100,
      }),
    LIMIT_RANGE,
  ),
  cursor: Cursor.optional(),
});

const CustomerPage = z.object({
  customers: z.array(Customer),
  nextCursor: z.string().nullable().meta({
    description: "Send it as cursor for the next page; null on the last page.",
    example: "WyIyMDI2LTExLTMwVDEwOjAwOjAwLjAwMFoiLCJjdXNfN1lxSzJtUDl4VzR0TGIzbiJd",
  }),
});

export function registerCustomers(app: App, { config, logger }: AppDeps, limiter: Limiter) {
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

  registerVersioned(app, {
    name: "customer",
    path: "/v1/customers",
    tags,
    example: { id: "cus_7YqK2mP9xW4tLb3n", version: 4 },
    schemas: { resource: Customer, create: CustomerCreate, patch: CustomerPatch },
    store: config.customers,
    // Its counters and its history (checks per minute and per day, what a bill is made from) go too, so that a customer
    // made again with its id starts as a new customer does: every limit full, and no checks of the one before on its
    // page, its daily usage or the export. Best effort: the delete has happened; with the store away the counters
    // expire with their windows, and the history is forgotten when a customer is made again with the id (below).
    afterRemove: (id) =>
      limiter.reset(customerSubject(id), { history: true }).catch((error) => {
        logger.error("a deleted customer's counters could not be cleared", { customerId: id, error: String(error) });
      }),
    // And again when one is made with an id given, which may have been a customer's before: another server may have
    // counted its checks under the id after the delete cleared them, for as long as it still knew its keys
    // (CONFIG_CACHE_TTL_MS). A made-up id is new to the store.
    afterCreate: ({ id }, asked) =>
      asked.id === undefined
        ? Promise.resolve()
        : limiter.reset(customerSubject(id), { history: true }).catch((error) => {
            logger.error("a new customer's counters could not be cleared", { customerId: id, error: String(error) });
          }),
    docs: {
      create: {
        summary: "Create a customer",
        description:
          "The plan must exist and the overrides must obey the plan rules on it (400 otherwise). An id (cus_…) is made when you give none; 409 when the id is taken. Made with the id of a customer deleted before, it starts with every limit full. The ETag carries the version, 1.",
      },
      get: {
        summary: "Read a customer",
        description:
          "The customer with its plan id and overrides, and its version as the ETag: send it back as If-Match when you change the customer.",
      },
      update: {
        summary: "Change a customer's name, plan or overrides",
        description:
          "Only the fields given change. overrides replaces the customer's overrides as a whole (null removes them); the result must obey the plan rules on the customer's plan. New limits apply from the next check. Send If-Match with the ETag you read to be told (412) when someone else changed the customer meanwhile.",
        answer: "The customer, one version on (the same when nothing changed)",
      },
      remove: {
        summary: "Delete a customer and its API keys",
        description:
          "Its API keys go with it, so they stop working too (each audited as key.revoke), and its counters are cleared: a customer made again with the id starts with every limit full. Its usage history goes too: one made again with the id starts with none. If-Match, when sent, must match the customer's version (412 otherwise); without it, 409 when the customer changed meanwhile: try again.",
      },
    },
  });
}
