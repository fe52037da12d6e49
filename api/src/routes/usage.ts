// Usage (contract section 6): a customer's limits as they stand, and its checks per minute, read without consuming.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { allow } from "../auth";
import type { CheckTarget } from "../config/customer-target";
import type { App, AppDeps, AppEnv } from "../deps";
import { ApiError } from "../errors";
import { errorResponses, jsonContent, security } from "../http";
import type { Limiter } from "../quota/limiter";
import { KEPT_DAYS } from "../quota/store";
import { customerSubject } from "../quota/subject";
import { LimitEntrySchema } from "./check";
import { CustomerParam } from "./id-param";

export const Usage = z
  .object({
    customerId: z.string().meta({ description: "The customer's id." }),
    planId: z.string().meta({ description: "The id of the customer's plan." }),
    limits: z.array(LimitEntrySchema).meta({
      description:
        "Every limit the customer has, in the order burst, hour, day, week, month, then every resource's in the same order, named as in /v1/check.",
    }),
  })
  .meta({
    id: "Usage",
    description: "Where every limit of a customer stands now. Reading it consumes nothing.",
    example: {
      customerId: "cus_7YqK2mP9xW4tLb3n",
      planId: "pro",
      limits: [
        { name: "burst", limit: 20, remaining: 17, reset: 1764500412, perMinute: 100 },
        { name: "hour", limit: 5000, remaining: 4980, reset: 1764500400 },
      ],
    },
  });

export const History = z
  .object({
    points: z
      .array(
        z
          .object({
            minute: z.string().meta({
              description: "The start of the minute (ISO 8601, UTC).",
              format: "date-time",
              example: "2026-11-30T10:41:00Z",
            }),
            allowed: z.number().int().meta({ description: "Checks allowed in that minute.", example: 57 }),
            denied: z.number().int().meta({ description: "Checks denied in that minute.", example: 3 }),
          })
          .meta({ description: "One minute's checks." }),
      )
      .meta({
        description: "One point per minute, oldest first, ending with the current minute; quiet minutes are 0.",
      }),
  })
  .meta({
    id: "UsageHistory",
    description: "A customer's allowed and denied checks, minute by minute.",
    example: { points: [{ minute: "2026-11-30T10:41:00Z", allowed: 57, denied: 3 }] },
  });

export const Daily = z
  .object({
    points: z
      .array(
        z
          .object({
            day: z.string().meta({ description: "The UTC day (YYYY-MM-DD).", format: "date", example: "2026-11-30" }),
            allowed: z.number().int().meta({ description: "Checks allowed that day.", example: 5702 }),
            denied: z.number().int().meta({ description: "Checks denied that day.", example: 31 }),
          })
          .meta({ description: "One day's checks." }),
      )
      .meta({ description: "One point per UTC day, oldest first, ending with today; quiet days are 0." }),
  })
  .meta({
    id: "UsageDaily",
    description:
      "A customer's allowed and denied checks, day by day, up to 400 days back: what a monthly bill is made from.",
    example: { points: [{ day: "2026-11-30", allowed: 5702, denied: 31 }] },
  });

const DailyQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(KEPT_DAYS)
    .default(90)
    .meta({ description: `How many days back, today included, from 1 to ${KEPT_DAYS}; default 90.`, example: 90 }),
});

const HistoryQuery = z.object({
  minutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(1440)
    .default(60)
    .meta({ description: "How many minutes back, from 1 to 1440 (24 hours); default 60.", example: 60 }),
});

export function registerUsage(app: App, { config }: AppDeps, limiter: Limiter) {
  async function targetOf(customerId: string): Promise<CheckTarget & { customerId: string }> {
    const target = await config.targets.byCustomer(customerId);
    if (!target?.customerId) throw new ApiError("not_found", `customer ${customerId} does not exist`);
    return target as CheckTarget & { customerId: string };
  }

  async function usage(customerId: string) {
    const target = await targetOf(customerId);
    const limits = await limiter.usage(customerSubject(target.customerId), target);
    return { customerId: target.customerId, planId: target.planId, limits };
  }

  async function history(customerId: string, minutes: number) {
    const target = await targetOf(customerId);
    const points = await limiter.history(customerSubject(target.customerId), minutes);
    return {
      points: points.map((p) => ({
        minute: new Date(p.minute).toISOString().replace(".000Z", "Z"),
        allowed: p.allowed,
        denied: p.denied,
      })),
    };
  }

  async function daily(customerId: string, days: number) {
    const target = await targetOf(customerId);
    const points = await limiter.daily(customerSubject(target.customerId), days);
    return {
      points: points.map((p) => ({
        day: new Date(p.day).toISOString().slice(0, 10),
        allowed: p.allowed,
        denied: p.denied,
      })),
    };
  }

  /** The customer behind a customer API key; an admin token belongs to none. */
  const me = (c: Context<AppEnv>) => {
    const principal = c.get("principal");
    if (principal.kind !== "customer") throw new ApiError("not_found", "this bearer belongs to no customer");
    return principal.customerId;
  };

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/customers/{id}/usage",
      operationId: "getCustomerUsage",
      tags: ["Usage"],
      security,
      summary: "A customer's limits as they stand now",
      description:
        "Every limit of the customer, shaped as in /v1/check. Reading usage consumes nothing. For services and admins.",
      middleware: [allow("service", "admin")],
      request: { params: CustomerParam },
      responses: {
        200: jsonContent(Usage, "Every limit of the customer"),
        ...errorResponses("unauthorized", "forbidden", "not_found", "store_unavailable"),
      },
    }),
    async (c) => c.json(await usage(c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/customers/{id}/usage/history",
      operationId: "getCustomerUsageHistory",
      tags: ["Usage"],
      security,
      summary: "A customer's allowed and denied checks per minute",
      description: "One point per minute, oldest first, up to 1440 minutes (24 hours) back. Admin only.",
      middleware: [allow("admin")],
      request: { params: CustomerParam, query: HistoryQuery },
      responses: {
        200: jsonContent(History, "One point per minute, oldest first"),
        ...errorResponses("invalid_request", "unauthorized", "forbidden", "not_found", "store_unavailable"),
      },
    }),
    async (c) => c.json(await history(c.req.valid("param").id, c.req.valid("query").minutes), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/me/usage",
      operationId: "getMyUsage",
      tags: ["Usage"],
      security,
      summary: "The calling customer's limits as they stand now",
      description:
        "For a customer API key: its own customer's limits, shaped as in /v1/check. Reading usage consumes nothing.",
      middleware: [allow("customer", "admin")],
      responses: {
        200: jsonContent(Usage, "Every limit of the customer"),
        ...errorResponses("unauthorized", "forbidden", "not_found", "store_unavailable"),
      },
    }),
    async (c) => c.json(await usage(me(c)), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/me/usage/history",
      operationId: "getMyUsageHistory",
      tags: ["Usage"],
      security,
      summary: "The calling customer's allowed and denied checks per minute",
      description:
        "For a customer API key: its own customer's checks, one point per minute, oldest first, up to 1440 minutes back.",
      middleware: [allow("customer", "admin")],
      request: { query: HistoryQuery },
      responses: {
        200: jsonContent(History, "One point per minute, oldest first"),
        ...errorResponses("invalid_request", "unauthorized", "forbidden", "not_found", "store_unavailable"),
      },
    }),
    async (c) => c.json(await history(me(c), c.req.valid("query").minutes), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/customers/{id}/usage/daily",
      operationId: "getCustomerUsageDaily",
      tags: ["Usage"],
      security,
      summary: "A customer's allowed and denied checks per UTC day",
      description: `One point per UTC day, oldest first, up to ${KEPT_DAYS} days back: what a monthly bill is made from. Admin only.`,
      middleware: [allow("admin")],
      request: { params: CustomerParam, query: DailyQuery },
      responses: {
        200: jsonContent(Daily, "One point per day, oldest first"),
        ...errorResponses("invalid_request", "unauthorized", "forbidden", "not_found", "store_unavailable"),
      },
    }),
    async (c) => c.json(await daily(c.req.valid("param").id, c.req.valid("query").days), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/me/usage/daily",
      operationId: "getMyUsageDaily",
      tags: ["Usage"],
      security,
      summary: "The calling customer's allowed and denied checks per UTC day",
      description: `For a customer API key: its own customer's checks, one point per UTC day, oldest first, up to ${KEPT_DAYS} days back.`,
      middleware: [allow("customer", "admin")],
      request: { query: DailyQuery },
      responses: {
        200: jsonContent(Daily, "One point per day, oldest first"),
        ...errorResponses("invalid_request", "unauthorized", "forbidden", "not_found", "store_unavailable"),
      },
    }),
    async (c) => c.json(await daily(me(c), c.req.valid("query").days), 200),
  );
}
