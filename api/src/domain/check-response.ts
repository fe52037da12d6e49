// What a check answers (contract section 5): its body, and one limit as the check, usage and refunds report it. The
// OpenAPI document, the route's body writer (check/response-body.ts) and the limiter's result share these.
import { z } from "@hono/zod-openapi";

export const LimitEntry = z
  .object({
    name: z.string().meta({
      description:
        "Which limit: burst (the token bucket), hour, day, week or month (windows), then concurrent (requests in flight), in that order; then, when the check names a resource, that resource's limits in the same order, named <resource>/burst, <resource>/hour and so on.",
      example: "burst",
    }),
    limit: z
      .number()
      .int()
      .meta({ description: "Its size: what the full bucket holds, or what the window allows.", example: 20 }),
    remaining: z.number().int().meta({ description: "What is left of it now, in cost units.", example: 17 }),
    reset: z.number().int().meta({
      description:
        "Unix seconds: for a bucket when it is full again, for a window when the current window ends (a month's on the customer's billing day), for concurrent when the first lease held ends by itself while none is free (else now).",
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

export const Lease = z
  .object({
    id: z.string().meta({ description: "The lease's id, for POST /v1/release and POST /v1/settle.", example: "ls_s…" }),
    expiresAt: z.number().int().meta({
      description: "Unix seconds: when the lease ends by itself if not released or settled.",
      example: 1764500532,
    }),
  })
  .meta({ id: "Lease", description: "A lease a check took (contract section 14)." });

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
    limits: z.array(LimitEntry).meta({
      description:
        "Every limit the customer has, in the order burst, hour, day, week, month, concurrent; then the named resource's, in the same order.",
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
    lease: Lease.optional().meta({
      description:
        "When the check took a lease: the customer (or the resource) has a concurrent limit, or the check said reserve. End it with POST /v1/release, or settle a reservation with POST /v1/settle; else it ends by itself at expiresAt.",
    }),
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

/** One limit of a customer and where it stands, in the client's terms (reset in Unix seconds). */
export type LimitEntry = z.infer<typeof LimitEntry>;
/** The body of a check's 200 and 429. */
export type CheckResponse = z.infer<typeof CheckResponse>;
