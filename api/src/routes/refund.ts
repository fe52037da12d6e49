// POST /v1/refund (contract section 5): gives back what a check took, for a request that failed downstream.
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../auth";
import { callerOf } from "../check/caller";
import { RefundRequest } from "../check/read-request";
import type { App, AppDeps } from "../deps";
import { LimitEntry } from "../domain/check-response";
import { errorResponses, jsonBody, jsonContent, security } from "../http";
import type { Limiter } from "../quota/limiter";

export const Refunded = z
  .object({
    customerId: z.string().nullable().meta({ description: "The customer refunded; null for anonymous traffic by IP." }),
    planId: z.string().meta({ description: "The plan that governs the caller." }),
    limits: z.array(LimitEntry).meta({
      description:
        "The limits the refund gave back to, as they stand after it: the plan's, then the named resource's, as in /v1/check.",
    }),
  })
  .meta({
    id: "Refunded",
    description: "Where the refunded limits stand now, shaped as usage.",
    example: {
      customerId: "cus_7YqK2mP9xW4tLb3n",
      planId: "pro",
      limits: [
        { name: "burst", limit: 20, remaining: 20, reset: 1764500400, perMinute: 100 },
        { name: "hour", limit: 5000, remaining: 4983, reset: 1764500400 },
      ],
    },
  });

export function registerRefund(app: App, { config }: AppDeps, limiter: Limiter) {
  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/refund",
      operationId: "refund",
      tags: ["Check"],
      security,
      summary: "Give back what a check took",
      description:
        "For a request that was allowed and then failed downstream: gives `cost` back to every bucket and window the same check takes from (the plan's, and the resource's when it names one), in one atomic step, never beyond a limit's size. It does not change the history of checks.",
      middleware: [allow("service", "admin"), jsonBody],
      request: { body: { required: true, content: { "application/json": { schema: RefundRequest } } } },
      responses: {
        200: jsonContent(Refunded, "Given back; where those limits stand now"),
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
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { subject, target } = await callerOf(config, body);
      const limits = await limiter.refund(subject, target, body.cost, body.resource);
      return c.json({ customerId: target.customerId, planId: target.planId, limits }, 200);
    },
  );
}
