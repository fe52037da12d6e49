// The audit route (contract section 4): every change made through the API, newest first.
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../auth";
import type { App, AppDeps } from "../deps";
import { errorResponses, jsonContent, security } from "../http";
import { queryCount } from "./query-count";

export const AuditEntry = z
  .object({
    at: z.string().meta({ description: "When the change was made (ISO 8601, UTC).", format: "date-time" }),
    actor: z.string().meta({ description: "Who made it: the id of the token (tok_…), or ADMIN_TOKEN." }),
    action: z.string().meta({
      description:
        "What was done: plan.create|update|delete, customer.create|update|delete|reset, key.create|revoke, token.create|revoke, webhook.create|delete|test|redeliver.",
    }),
    target: z.string().meta({ description: "The id of the plan, customer, key, token, webhook or delivery changed." }),
    // Always sent, null when there is none: required, so that a generated client types them as object | null.
    before: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: "The target before the change; null when it was created. Never holds secrets." }),
    after: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: "The target after the change; null when it was deleted. Never holds secrets." }),
  })
  .meta({
    id: "AuditEntry",
    description: "One change made through the API.",
    example: {
      at: "2026-11-30T11:00:00.000Z",
      actor: "tok_9mWq2ZkT4xPb7LcN",
      action: "plan.update",
      target: "pro",
      before: { perHour: 5000, version: 2 },
      after: { perHour: 6000, version: 3 },
    },
  });

export function registerAudit(app: App, { config }: AppDeps) {
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/audit",
      operationId: "listAuditEntries",
      tags: ["Audit"],
      security,
      summary: "Read the audit log, newest first",
      description:
        "Every change made through the API (plans, customers, keys, tokens, counter resets), newest first. Secrets never appear.",
      middleware: [allow("admin")],
      request: {
        query: z.object({
          limit: queryCount(
            z.coerce.number().int().min(1).max(1000).default(50).meta({
              description: "How many of the newest entries to return, from 1 to 1000; default 50.",
              example: 50,
            }),
          ),
        }),
      },
      responses: {
        200: jsonContent(z.object({ entries: z.array(AuditEntry) }), "The newest entries"),
        ...errorResponses("invalid_request", "unauthorized", "forbidden"),
      },
    }),
    async (c) => c.json({ entries: await config.audit.list(c.req.valid("query").limit) }, 200),
  );
}
