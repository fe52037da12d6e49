// The usage routes (contract section 6): each reading of a customer's usage (its limits now, its checks per minute, per
// day) is defined once, and served twice: for a customer by id (/v1/customers/{id}/usage…) and for the caller's own
// customer (/v1/me/usage…). What they answer is in usage.ts.
import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { allow, ownCustomer } from "../auth";
import type { Principal } from "../config";
import type { CheckTarget } from "../config/customer-target";
import type { App, AppDeps, AppEnv } from "../deps";
import { ApiError } from "../errors";
import { errorResponses, jsonContent, security } from "../http";
import type { Limiter } from "../quota/limiter";
import { KEPT_DAYS } from "../quota/store";
import { customerSubject } from "../quota/subject";
import { CustomerParam } from "./id-param";
import { Daily, DailyQuery, History, HistoryQuery, Usage } from "./usage";

/** What the document says of a route: its summary, and the description beneath it. */
type RouteDoc = { summary: string; description: string };

/** One reading of a customer's usage, as both of its routes serve it. */
type Reading = {
  /** After the customer's path: `/usage`, `/usage/history`; it also ends the operation's name (…UsageHistory). */
  path: string;
  query?: z.ZodObject;
  answer: { schema: z.ZodType; description: string };
  /** The route for a customer by id: its words, and who may call it. */
  byId: RouteDoc & { roles: Principal["kind"][] };
  /** The route for the caller's own customer. */
  mine: RouteDoc;
  read(customerId: string, query: unknown): Promise<unknown>;
};

/** Whose usage a route reads: a customer named in the path, or the one a customer API key belongs to. */
type Whose = {
  path: string;
  operation: string;
  params?: typeof CustomerParam;
  doc(reading: Reading): RouteDoc & { roles: Principal["kind"][] };
  customerOf(c: Context<AppEnv>): string;
};

const BY_ID: Whose = {
  path: "/v1/customers/{id}",
  operation: "getCustomer",
  params: CustomerParam,
  doc: (reading) => reading.byId,
  customerOf: (c) => c.req.param("id") as string,
};

const MINE: Whose = {
  path: "/v1/me",
  operation: "getMy",
  doc: (reading) => ({ ...reading.mine, roles: ["customer", "admin"] }),
  customerOf: (c) => ownCustomer(c.get("principal")),
};

const capitalized = (word: string) => (word[0]?.toUpperCase() ?? "") + word.slice(1);

/** The minute or the day a point starts, as the answers write it. */
const minuteOf = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function readings({ config }: AppDeps, limiter: Limiter) {
  async function targetOf(customerId: string): Promise<CheckTarget & { customerId: string }> {
    const target = await config.targets.byCustomer(customerId);
    if (!target?.customerId) throw new ApiError("not_found", `customer ${customerId} does not exist`);
    return target as CheckTarget & { customerId: string };
  }
  const subjectOf = async (customerId: string) => customerSubject((await targetOf(customerId)).customerId);

  const usage: Reading = {
    path: "/usage",
    answer: { schema: Usage, description: "Every limit of the customer" },
    byId: {
      summary: "A customer's limits as they stand now",
      description:
        "Every limit of the customer, shaped as in /v1/check. Reading usage consumes nothing. For services and admins.",
      roles: ["service", "admin"],
    },
    mine: {
      summary: "The calling customer's limits as they stand now",
      description:
        "For a customer API key: its own customer's limits, shaped as in /v1/check. Reading usage consumes nothing.",
    },
    async read(customerId) {
      const target = await targetOf(customerId);
      const limits = await limiter.usage(customerSubject(target.customerId), target);
      return { customerId: target.customerId, planId: target.planId, limits };
    },
  };

  const history: Reading = {
    path: "/usage/history",
    query: HistoryQuery,
    answer: { schema: History, description: "One point per minute, oldest first" },
    byId: {
      summary: "A customer's allowed and denied checks per minute",
      description: "One point per minute, oldest first, up to 1440 minutes (24 hours) back. Admin only.",
      roles: ["admin"],
    },
    mine: {
      summary: "The calling customer's allowed and denied checks per minute",
      description:
        "For a customer API key: its own customer's checks, one point per minute, oldest first, up to 1440 minutes back.",
    },
    async read(customerId, query) {
      const { minutes } = query as z.output<typeof HistoryQuery>;
      const points = await limiter.history(await subjectOf(customerId), minutes);
      return { points: points.map((p) => ({ minute: minuteOf(p.minute), allowed: p.allowed, denied: p.denied })) };
    },
  };

  const daily: Reading = {
    path: "/usage/daily",
    query: DailyQuery,
    answer: { schema: Daily, description: "One point per day, oldest first" },
    byId: {
      summary: "A customer's allowed and denied checks per UTC day",
      description: `One point per UTC day, oldest first, up to ${KEPT_DAYS} days back: what a monthly bill is made from. Admin only.`,
      roles: ["admin"],
    },
    mine: {
      summary: "The calling customer's allowed and denied checks per UTC day",
      description: `For a customer API key: its own customer's checks, one point per UTC day, oldest first, up to ${KEPT_DAYS} days back.`,
    },
    async read(customerId, query) {
      const { days } = query as z.output<typeof DailyQuery>;
      const points = await limiter.daily(await subjectOf(customerId), days);
      return {
        points: points.map((p) => ({ day: dayOf(p.day), allowed: p.allowed, denied: p.denied, units: p.units })),
      };
    },
  };

  return { usage, history, daily };
}

/** One reading's route for one whose. */
function registerReading(app: App, reading: Reading, whose: Whose) {
  const { summary, description, roles } = whose.doc(reading);
  const request = { ...(whose.params && { params: whose.params }), ...(reading.query && { query: reading.query }) };
  app.openapi(
    createRoute({
      method: "get",
      path: `${whose.path}${reading.path}`,
      operationId: `${whose.operation}${reading.path.split("/").map(capitalized).join("")}`,
      tags: ["Usage"],
      security,
      summary,
      description,
      middleware: [allow(...roles)],
      ...(Object.keys(request).length > 0 && { request }),
      responses: {
        200: jsonContent(reading.answer.schema, reading.answer.description),
        ...errorResponses(
          ...(reading.query ? (["invalid_request"] as const) : []),
          "unauthorized",
          "forbidden",
          "not_found",
          "store_unavailable",
        ),
      },
    }),
    async (c) => {
      const query = reading.query ? c.req.valid("query" as never) : undefined;
      return c.json(await reading.read(whose.customerOf(c), query), 200);
    },
  );
}

export function registerUsage(app: App, deps: AppDeps, limiter: Limiter) {
  const { usage, history, daily } = readings(deps, limiter);
  // In the order the document has always listed them, which the client's generated types follow.
  const routes: [Reading, Whose][] = [
    [usage, BY_ID],
    [history, BY_ID],
    [usage, MINE],
    [history, MINE],
    [daily, BY_ID],
    [daily, MINE],
  ];
  for (const [reading, whose] of routes) registerReading(app, reading, whose);
}
