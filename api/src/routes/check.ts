// POST /v1/check (contract section 5): every limit of the caller decided at once, with the headers clients need.
import { createRoute, z } from "@hono/zod-openapi";
import type { App, AppDeps } from "../app";
import { allow } from "../auth";
import { sha256 } from "../config/secrets";
import { ApiError } from "../errors";
import { errorResponses, jsonBody, jsonContent, security } from "../http";
import type { CheckOutcome } from "../quota/decision";
import { STORE_RETRY_AFTER_SECONDS, withoutStore } from "../quota/fail-mode";
import { StoreUnavailable } from "../quota/guarded-store";
import { rateLimitHeaders } from "../quota/headers";
import type { Limiter } from "../quota/limiter";
import { customerSubject, ipSubject } from "../quota/subject";
import { API_SECURITY_HEADERS } from "../security-headers";

export const CheckRequest = z
  .strictObject({
    key: z.string().min(1).max(256).optional().meta({
      description: "The customer's API key, as its client presented it. Send exactly one of key and ip.",
      example: "qk_Hx7fK2pQ…",
    }),
    ip: z.string().min(2).max(64).optional().meta({
      description:
        "For anonymous traffic, instead of key: the client's IPv4 or IPv6 address (IPv6 counted per /64), governed by the plan `anonymous`.",
      example: "203.0.113.7",
    }),
    cost: z
      .number()
      .int("cost must be a whole number")
      .min(1, "cost must be at least 1")
      .max(1_000_000, "cost must be at most 1,000,000")
      .default(1)
      .meta({ description: "How much this request consumes from every limit: 1 to 1,000,000.", example: 1 }),
  })
  .refine((b) => (b.key === undefined) !== (b.ip === undefined), "send exactly one of key and ip")
  .meta({
    id: "CheckRequest",
    description: "Who is calling (key or ip, exactly one) and what the request costs.",
    example: { key: "qk_Hx7fK2pQ…", cost: 1 },
  });

export const LimitEntrySchema = z
  .object({
    name: z.enum(["burst", "hour", "day"]).meta({
      description: "Which limit: burst (the token bucket), hour or day (UTC-aligned windows). Always in that order.",
      example: "burst",
    }),
    limit: z
      .number()
      .int()
      .meta({ description: "Its size: what the full bucket holds, or what the window allows.", example: 20 }),
    remaining: z.number().int().meta({ description: "What is left of it now, in cost units.", example: 17 }),
    reset: z.number().int().meta({
      description:
        "Unix seconds: for burst when the bucket is full again, for hour and day when the current window ends.",
      example: 1764500412,
    }),
    perMinute: z
      .number()
      .int()
      .optional()
      .meta({ description: "burst only: the bucket's refill rate, per minute.", example: 100 }),
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
    limits: z
      .array(LimitEntrySchema)
      .meta({ description: "Every limit the customer has, in the order burst, hour, day." }),
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

type CheckInput = { key?: string; ip?: string; cost: number };

/**
 * The body, validated. The usual shape is recognised by hand, which costs far less than a schema run on every
 * check; anything else goes to the schema, which stays the one judge of what is valid and what the error says.
 */
function readCheckRequest(body: unknown): CheckInput {
  if (typeof body === "object" && body !== null && !Array.isArray(body)) {
    const { key, ip, cost, ...rest } = body as Record<string, unknown>;
    const costOk =
      cost === undefined || (Number.isInteger(cost) && (cost as number) >= 1 && (cost as number) <= 1_000_000);
    const keyOk = typeof key === "string" && key.length >= 1 && key.length <= 256 && ip === undefined;
    const ipOk = typeof ip === "string" && ip.length >= 2 && ip.length <= 64 && key === undefined;
    if (costOk && (keyOk || ipOk) && Object.keys(rest).length === 0) {
      return keyOk
        ? { key: key as string, cost: (cost as number) ?? 1 }
        : { ip: ip as string, cost: (cost as number) ?? 1 };
    }
  }
  const parsed = CheckRequest.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.map(String).join(".");
  throw new ApiError(
    "invalid_request",
    path ? `${path}: ${issue?.message}` : (issue?.message ?? "the request is not valid"),
  );
}

export function registerCheck(app: App, { config, metrics }: AppDeps, limiter: Limiter) {
  const route = createRoute({
    method: "post",
    path: "/v1/check",
    tags: ["Check"],
    security,
    summary: "Check and count one request",
    description:
      "For backend services: decides every limit of the caller at once and counts the request. 200 allowed, 429 denied (nothing consumed). Both carry X-RateLimit-* and IETF RateLimit/RateLimit-Policy headers; 429 also Retry-After. 503 store_unavailable when the counter store is down and the plan fails closed.",
    request: { body: { required: true, content: { "application/json": { schema: CheckRequest } } } },
    responses: {
      200: jsonContent(CheckResponse, "Allowed (or denied by a shadow plan, which never denies)"),
      429: jsonContent(CheckResponse, "Denied; nothing was consumed"),
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
  // The document describes the route; the handler reads the body itself (see readCheckRequest).
  app.openAPIRegistry.registerPath(route);
  app.post(route.path, allow("service", "admin"), jsonBody, async (c) => {
    let json: unknown;
    try {
      json = JSON.parse(await c.req.text());
    } catch {
      throw new ApiError("invalid_request", "Malformed JSON in request body");
    }
    const body = readCheckRequest(json);
    let subject: string;
    let target: Awaited<ReturnType<typeof config.targets.anonymous>>;
    if (body.key !== undefined) {
      target = await config.targets.byKeyHash(sha256(body.key));
      if (!target) throw new ApiError("unknown_key", "the key does not exist or has been revoked");
      subject = customerSubject(target.customerId as string);
    } else {
      const ip = ipSubject(body.ip as string);
      if (!ip) throw new ApiError("invalid_request", "ip: not an IPv4 or IPv6 address");
      target = await config.targets.anonymous();
      if (!target) throw new ApiError("unknown_key", "anonymous checks need a plan with id anonymous");
      subject = ip;
    }

    let result: CheckOutcome & { nowMs: number };
    let degraded = false;
    try {
      result = await limiter.check(subject, target, body.cost);
    } catch (error) {
      if (!(error instanceof StoreUnavailable)) throw error;
      if (target.failMode === "closed") {
        metrics.check("store_unavailable");
        c.header("Retry-After", String(STORE_RETRY_AFTER_SECONDS));
        throw new ApiError("store_unavailable", "the counter store is not answering and this plan fails closed");
      }
      const nowMs = Date.now();
      result = { ...withoutStore(target, body.cost, nowMs), nowMs };
      degraded = result.allowed;
    }
    const shadowed = target.shadow && !result.allowed;
    const allowed = result.allowed || shadowed;
    metrics.check(degraded ? "degraded" : result.allowed ? "allowed" : "denied");
    const response = {
      allowed,
      customerId: target.customerId,
      planId: target.planId,
      limit: result.top.limit,
      remaining: result.top.remaining,
      reset: result.top.reset,
      ...(allowed ? {} : { retryAfter: result.retryAfter ?? null }),
      limits: result.limits,
      degraded,
      ...(degraded ? { reason: "store_unavailable" as const } : {}),
      shadow: shadowed,
    };
    // Built here as one string and one plain object: the Node adapter then writes it without a Headers round trip.
    // That skips what middleware prepared on the context, so this answer carries those headers itself.
    const headers = rateLimitHeaders(shadowed ? { ...result, allowed: true } : result, target.policy, result.nowMs);
    Object.assign(headers, API_SECURITY_HEADERS);
    headers["Content-Type"] = "application/json";
    headers["X-Request-Id"] = c.get("requestId");
    return new Response(JSON.stringify(response), { status: allowed ? 200 : 429, headers });
  });
}
