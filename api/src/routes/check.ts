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

const CheckRequest = z
  .strictObject({
    key: z
      .string()
      .min(1)
      .max(256)
      .optional()
      .meta({ description: "The customer's API key, as its client presented it." }),
    ip: z.string().min(2).max(64).optional().meta({ description: "For anonymous traffic: the client's IP address." }),
    cost: z
      .number()
      .int("cost must be a whole number")
      .min(1, "cost must be at least 1")
      .max(1_000_000, "cost must be at most 1,000,000")
      .default(1)
      .meta({ description: "How much this request consumes from every limit." }),
  })
  .refine((b) => (b.key === undefined) !== (b.ip === undefined), "send exactly one of key and ip")
  .meta({ id: "CheckRequest", example: { key: "qk_Hx7fK2pQ…", cost: 1 } });

export const LimitEntrySchema = z
  .object({
    name: z.enum(["burst", "hour", "day"]),
    limit: z.number().int(),
    remaining: z.number().int(),
    reset: z.number().int().meta({ description: "Unix seconds: when the bucket is full again, or the window ends." }),
    perMinute: z.number().int().optional().meta({ description: "The bucket's refill rate (burst only)." }),
  })
  .meta({ id: "LimitEntry" });

const CheckResponse = z
  .object({
    allowed: z.boolean(),
    customerId: z.string().nullable(),
    planId: z.string(),
    limit: z.number().int(),
    remaining: z.number().int(),
    reset: z.number().int(),
    retryAfter: z
      .number()
      .int()
      .nullable()
      .optional()
      .meta({ description: "Denied only: seconds to wait, with jitter; null when the request can never pass." }),
    limits: z.array(LimitEntrySchema),
    degraded: z.boolean(),
    reason: z.literal("store_unavailable").optional(),
    shadow: z.boolean(),
  })
  .meta({
    id: "CheckResponse",
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

export function registerCheck(app: App, { config, metrics }: AppDeps, limiter: Limiter) {
  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/check",
      tags: ["Check"],
      security,
      summary: "Check and count one request",
      description:
        "Decides every limit of the caller at once. 200 allowed, 429 denied (nothing consumed). Rate-limit headers on both.",
      middleware: [allow("service", "admin"), jsonBody],
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
        ),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
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
      const headers = rateLimitHeaders(shadowed ? { ...result, allowed: true } : result, target.policy, result.nowMs);
      return c.json(response, allowed ? 200 : 429, headers);
    },
  );
}
