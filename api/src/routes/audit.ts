// The audit route (contract section 4): every change made through the API, newest first.
import { createRoute, z } from "@hono/zod-openapi";
import type { App, AppDeps } from "../app";
import { allow } from "../auth";
import { errorResponses, jsonContent, security } from "../http";

const AuditEntry = z
  .object({
    at: z.string(),
    actor: z.string(),
    action: z.string(),
    target: z.string(),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({
    id: "AuditEntry",
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
      tags: ["Audit"],
      security,
      summary: "Read the audit log, newest first",
      middleware: [allow("admin")],
      request: {
        query: z.object({
          limit: z.coerce
            .number()
            .int()
            .min(1)
            .max(1000)
            .default(50)
            .meta({ description: "How many entries (1–1000)", example: 50 }),
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
