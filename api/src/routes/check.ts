// POST /v1/check (contract section 5): every limit of the caller decided at once, with the headers clients need.
import { createRoute, z } from "@hono/zod-openapi";
import type { AnswerCheck } from "../check/answer";
import { CheckRequest } from "../check/read-request";
import type { App } from "../deps";
import { errorResponses, type HeaderDoc, jsonContent, security } from "../http";

export const LimitEntrySchema = z
  .object({
    name: z.string().meta({
      description:
        "Which limit: burst (the token bucket), hour, day, week or month (windows), in that order; then, when the check names a resource, that resource's limits in the same order, named <resource>/burst, <resource>/hour and so on.",
      example: "burst",
    }),
    limit: z
      .number()
      .int()
      .meta({ description: "Its size: what the full bucket holds, or what the window allows.", example: 20 }),
    remaining: z.number().int().meta({ description: "What is left of it now, in cost units.", example: 17 }),
    reset: z.number().int().meta({
      description:
        "Unix seconds: for a bucket when it is full again, for a window when the current window ends (a month's on the customer's billing day).",
      example: 1764500412,
    }),
    perMinute: z
      .number()
      .int()
      .optional()
      .meta({ description: "Buckets only: the bucket's refill rate, per minute.", example: 100 }),
    held: z.number().int().optional().meta({
      description:
        "Usage only, when there are any: units of this limit that API servers hold as local shares (the plan's localShare), counted as used and not yet spent; they go back within about a second of going unused.",
      example: 40,
    }),
  })
  .meta({
    id: "LimitEntry",
    description: "One limit of a customer and where it stands.",
    example: { name: "burst", limit: 20, remaining: 17, reset: 1764500412, perMinute: 100 },
  });

export const CheckResponse = z
  .object({
    allowed: z
      .boolean()
      .meta({ description: "Whether the request may go ahead (also true when only a shadow plan denied it)." }),
    customerId: z
      .string()
      .nullable()
      .meta({ description: "The customer whose key was checked; null for anonymous checks by IP." }),
    planId: z.string().meta({ description: "The plan that decided." }),
    limit: z.number().int().meta({
      description:
        "The size of the most constraining limit: when denied, the one that denies (of several, the one that frees up last); when allowed, the one with least remaining.",
    }),
    remaining: z.number().int().meta({ description: "What is left of the most constraining limit." }),
    reset: z.number().int().meta({ description: "Unix seconds: when the most constraining limit frees up." }),
    retryAfter: z.number().int().nullable().optional().meta({
      description:
        "Denied only: seconds to wait before retrying, with jitter, never less than the true wait; null when the request can never pass (its cost exceeds a limit's size).",
    }),
    limits: z.array(LimitEntrySchema).meta({
      description:
        "Every limit the customer has, in the order burst, hour, day, week, month; then the named resource's, in the same order.",
    }),
    degraded: z.boolean().meta({
      description: "True when the counter store failed and the plan fails open: let through without being counted.",
    }),
    reason: z
      .literal("store_unavailable")
      .optional()
      .meta({ description: "Degraded only: why the check was degraded." }),
    shadow: z
      .boolean()
      .meta({ description: "True when a shadow plan would have denied this request (the status is then 200)." }),
  })
  .meta({
    id: "CheckResponse",
    description: "The decision, and where every limit of the customer stands after it.",
    example: {
      allowed: false,
      customerId: "cus_7YqK2mP9xW4tLb3n",
      planId: "pro",
      limit: 20,
      remaining: 0,
      reset: 1764500412,
      retryAfter: 2,
      limits: [
        { name: "burst", limit: 20, remaining: 0, reset: 1764500412, perMinute: 100 },
        { name: "hour", limit: 5000, remaining: 4980, reset: 1764500400 },
        { name: "day", limit: 50000, remaining: 49012, reset: 1764547200 },
      ],
      degraded: false,
      shadow: false,
    },
  });

const count = (description: string, example: number): HeaderDoc => ({
  description,
  required: true,
  schema: { type: "integer" },
  example,
});

/** The headers of every 200 and 429 (quota/headers.ts writes them), as contract section 5 has them. */
const RATE_LIMIT_HEADERS: Record<string, HeaderDoc> = {
  "X-RateLimit-Limit": count("The size of the most constraining limit, as limit in the body.", 20),
  "X-RateLimit-Remaining": count("What is left of it, as remaining in the body.", 0),
  "X-RateLimit-Reset": count("Unix seconds: when it frees up, as reset in the body.", 1764500412),
  "RateLimit-Policy": {
    description:
      "Every limit of the check, as draft-ietf-httpapi-ratelimit-headers has it: q its size, w its window in seconds (for the bucket, the seconds it takes to refill from empty).",
    required: true,
    schema: { type: "string" },
    example: '"burst";q=20;w=12, "hour";q=5000;w=3600, "day";q=50000;w=86400',
  },
  RateLimit: {
    description:
      "The most constraining limit, as draft-ietf-httpapi-ratelimit-headers has it: r what is left, t the seconds until more quota is available.",
    required: true,
    schema: { type: "string" },
    example: '"burst";r=0;t=2',
  },
};

const DENIED_HEADERS: Record<string, HeaderDoc> = {
  ...RATE_LIMIT_HEADERS,
  "Retry-After": {
    description:
      "Seconds to wait before retrying, as retryAfter in the body; absent when the request can never pass (its cost exceeds a limit's size).",
    required: false,
    schema: { type: "integer" },
    example: 2,
  },
};

export function registerCheck(app: App, answerCheck: AnswerCheck) {
  const route = createRoute({
    method: "post",
    path: "/v1/check",
    operationId: "check",
    tags: ["Check"],
    security,
    summary: "Check and count one request",
    description:
      "For backend services: decides every limit of the caller at once and counts the request. 200 allowed, 429 denied (nothing consumed). Both carry X-RateLimit-* and IETF RateLimit/RateLimit-Policy headers; 429 also Retry-After. 503 store_unavailable when the counter store is down and the plan fails closed.",
    request: { body: { required: true, content: { "application/json": { schema: CheckRequest } } } },
    responses: {
      200: {
        ...jsonContent(CheckResponse, "Allowed (or denied by a shadow plan, which never denies)"),
        headers: RATE_LIMIT_HEADERS,
      },
      429: { ...jsonContent(CheckResponse, "Denied; nothing was consumed"), headers: DENIED_HEADERS },
      ...errorResponses(
        "invalid_request",
        "unauthorized",
        "forbidden",
        "unknown_key",
        "payload_too_large",
        "unsupported_media_type",
        "store_unavailable",
      ),
    },
  });
  // The document describes the route; check/answer.ts reads the body itself (see readCheckRequest), so that the
  // Node fast path (entry/node-check.ts) and this route give one answer.
  app.openAPIRegistry.registerPath(route);
  app.post(route.path, async (c) => {
    const answer = await answerCheck({
      authorization: c.req.header("authorization"),
      contentType: c.req.header("content-type"),
      body: new Uint8Array(await c.req.arrayBuffer()),
      requestId: c.get("requestId"),
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
}
