// POST /v1/release and POST /v1/settle (contract section 14): a lease a check took ends at once, or a reservation is
// settled at the request's real cost.
import { createRoute, z } from "@hono/zod-openapi";
import type { AlertRaiser } from "../alerts/alert-raiser";
import { allow } from "../auth";
import type { CheckTarget } from "../config/customer-target";
import type { App, AppDeps } from "../deps";
import { LimitEntry } from "../domain/check-response";
import { LIMIT_MAX } from "../domain/plan";
import { ApiError } from "../errors";
import { errorResponses, jsonBody, jsonContent, security } from "../http";
import { type LeaseRef, leaseOf } from "../quota/lease-id";
import type { Limiter } from "../quota/limiter";
import { isAnonymous } from "../quota/subject";

const LeaseId = z
  .string()
  .min(4)
  .max(512)
  .meta({ description: "The lease's id, as the check answered it.", example: "ls_s…" });

export const ReleaseRequest = z
  .strictObject({ lease: LeaseId })
  .meta({ id: "ReleaseRequest", description: "The lease to end.", example: { lease: "ls_s…" } });

export const SettleRequest = z
  .strictObject({
    lease: LeaseId,
    cost: z
      .number()
      .int("cost must be a whole number")
      .min(0, "cost must be at least 0")
      .max(LIMIT_MAX, "cost must be at most 1,000,000,000")
      .meta({ description: "The request's real cost: 0 to 1,000,000,000.", example: 734 }),
  })
  .meta({
    id: "SettleRequest",
    description: "The reservation to settle, at its real cost.",
    example: { lease: "ls_s…", cost: 734 },
  });

export const LeaseEnded = z
  .object({
    customerId: z.string().nullable().meta({ description: "The lease's customer; null for anonymous traffic by IP." }),
    planId: z.string().meta({ description: "The plan that governs it." }),
    limits: z.array(LimitEntry).meta({
      description: "The limits of the check that took the lease, as they stand after: the plan's, then its resource's.",
    }),
  })
  .meta({
    id: "LeaseEnded",
    description: "Where the lease's limits stand now, shaped as usage.",
    example: {
      customerId: "cus_7YqK2mP9xW4tLb3n",
      planId: "pro",
      limits: [{ name: "concurrent", limit: 5, remaining: 5, reset: 1764500400 }],
    },
  });

/**
 * The lease a body names and the policy its counters are held to. An id no check answered names no lease running, as
 * one that ended does (404, or 409 for a settle): the client holds a string it was given, and cannot tell the two
 * apart any more than we can. A lease whose customer is gone has ended.
 */
async function leaseAndTarget(
  config: AppDeps["config"],
  name: string,
): Promise<{ lease: LeaseRef; target: CheckTarget }> {
  const lease = leaseOf(name);
  if (!lease) throw new ApiError("not_found", "no such lease: not an id a check answered (ls_…)");
  const target = await (isAnonymous(lease.subject)
    ? config.targets.anonymous()
    : config.targets.byCustomer(lease.subject));
  if (!target) throw new ApiError("not_found", "the lease has ended: its customer is gone");
  return { lease, target };
}

export function registerLeases(app: App, { config }: AppDeps, limiter: Limiter, alerts: AlertRaiser) {
  const errors = errorResponses(
    "invalid_request",
    "unauthorized",
    "forbidden",
    "payload_too_large",
    "unsupported_media_type",
    "store_unavailable",
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/release",
      operationId: "release",
      tags: ["Check"],
      security,
      summary: "End a lease",
      description:
        "Ends a lease a check took (a request in flight is done), in one atomic step: its slot under the concurrent limit is free at once. A reservation released this way keeps its reserved cost. 404 not_found when the lease has ended already (released, settled, or past its expiresAt), or when no check answered this id.",
      middleware: [allow("service", "admin"), jsonBody],
      request: { body: { required: true, content: { "application/json": { schema: ReleaseRequest } } } },
      responses: {
        200: jsonContent(LeaseEnded, "Ended; where the lease's limits stand now"),
        ...errors,
        ...errorResponses("not_found"),
      },
    }),
    async (c) => {
      const { lease, target } = await leaseAndTarget(config, c.req.valid("json").lease);
      const limits = await limiter.release(lease, target);
      if (!limits)
        throw new ApiError("not_found", "the lease has ended already: released, settled, or past its expiresAt");
      return c.json({ customerId: target.customerId, planId: target.planId, limits }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/settle",
      operationId: "settle",
      tags: ["Check"],
      security,
      summary: "Settle a reservation at its real cost",
      description:
        "For a check made with reserve: sets the request's real cost (an LLM's tokens, say). The difference from what was reserved is given back to, or taken from, every bucket and window the check took from, in one atomic step, and the lease ends. A settle may take the customer past a limit: the work is done, so it is counted, and the next check is denied. The alert thresholds a greater cost reaches raise their usage.threshold events, as a check's do. The day's units count the settled cost. 409 conflict, changing nothing, when the reservation was settled already, has passed its expiresAt (it then keeps its reserved cost), was taken while the counter store was down, or no check answered this id.",
      middleware: [allow("service", "admin"), jsonBody],
      request: { body: { required: true, content: { "application/json": { schema: SettleRequest } } } },
      responses: {
        200: jsonContent(LeaseEnded, "Settled; where the lease's limits stand now"),
        ...errors,
        ...errorResponses("conflict"),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { lease, target } = await leaseAndTarget(config, body.lease).catch((error: unknown) => {
        // For a settle, a lease that has ended is a conflict, whatever ended it.
        if (error instanceof ApiError && error.code === "not_found") throw new ApiError("conflict", error.message);
        throw error;
      });
      const settled = await limiter.settle(lease, target, body.cost);
      if (!settled) {
        throw new ApiError(
          "conflict",
          "no reservation of this lease is running: settled already, past its expiresAt (it keeps its reserved cost), taken without reserve, or taken while the counter store was down",
        );
      }
      // A greater cost may reach alert thresholds: in the outbox before the settle is answered, as a check's are.
      if (settled.crossings && target.customerId !== null) {
        await alerts.raise(target.customerId, target.planId, settled.crossings, settled.nowMs);
      }
      return c.json({ customerId: target.customerId, planId: target.planId, limits: settled.limits }, 200);
    },
  );
}
