// A webhook endpoint's deliveries (contract section 13): listed newest first, and one sent again on demand.
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../auth";
import type { App, AppDeps } from "../deps";
import { unwrap } from "../errors";
import { BY_ID_ERRORS, errorResponses, jsonContent, noBody, security } from "../http";
import { queryCount } from "./query-count";
import { WebhookParam } from "./webhooks";

const tags = ["Webhooks"];

export const WebhookDelivery = z
  .object({
    id: z.string().meta({ description: "The delivery's id (dlv_…)." }),
    eventId: z.string().meta({ description: "The event's id: its webhook-id header, the same on every attempt." }),
    type: z.string().meta({ description: "The event's type: usage.threshold or webhook.test." }),
    status: z.enum(["pending", "delivered", "failed"]).meta({
      description: "pending until a 2xx answer (delivered), or until 3 days of retries have passed (failed).",
    }),
    attempts: z.number().int().meta({ description: "How many times it was sent." }),
    lastStatus: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The HTTP status of the last attempt; null before the first, or when none came back." }),
    nextAttemptAt: z.string().nullable().meta({
      description: "When it is next sent (ISO 8601, UTC); null once delivered or failed.",
      format: "date-time",
    }),
    createdAt: z.string().meta({ description: "When the event was raised (ISO 8601, UTC).", format: "date-time" }),
  })
  .meta({
    id: "WebhookDelivery",
    description: "One event's delivery to one endpoint.",
    example: {
      id: "dlv_4f1c9a0b7e2d3c5a8b6e",
      eventId: "evt_8nRt2LkW5xQb9MzP",
      type: "usage.threshold",
      status: "pending",
      attempts: 2,
      lastStatus: 503,
      nextAttemptAt: "2026-11-30T10:42:07.000Z",
      createdAt: "2026-11-30T10:41:07.000Z",
    },
  });

const DeliveryParams = WebhookParam.extend({
  deliveryId: z.string().meta({ description: "The delivery's id.", example: "dlv_4f1c9a0b7e2d3c5a8b6e" }),
});

export function registerWebhookDeliveries(app: App, { config }: AppDeps) {
  const { endpoints } = config.webhooks;

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/webhooks/{id}/deliveries",
      operationId: "listWebhookDeliveries",
      tags,
      security,
      summary: "List a webhook endpoint's deliveries, newest first",
      description: "Each event sent to the endpoint, with how its delivery stands.",
      middleware: [allow("admin")],
      request: {
        params: WebhookParam,
        query: z.object({
          limit: queryCount(
            z.coerce.number().int().min(1).max(1000).default(50).meta({
              description: "How many of the newest deliveries to return, from 1 to 1000; default 50.",
              example: 50,
            }),
          ),
        }),
      },
      responses: {
        200: jsonContent(z.object({ deliveries: z.array(WebhookDelivery) }), "The newest deliveries"),
        ...errorResponses("invalid_request", "unauthorized", "forbidden", "not_found"),
      },
    }),
    async (c) => {
      const deliveries = unwrap(await endpoints.deliveries(c.req.valid("param").id, c.req.valid("query").limit));
      return c.json({ deliveries }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver",
      operationId: "redeliverWebhook",
      tags,
      security,
      summary: "Send a delivery again",
      description:
        "Makes the delivery pending and due now, delivered or failed as it may be; it is sent with the same webhook-id.",
      middleware: [allow("admin"), noBody],
      request: { params: DeliveryParams },
      responses: {
        202: jsonContent(WebhookDelivery, "The delivery, due now"),
        ...errorResponses(...BY_ID_ERRORS),
      },
    }),
    async (c) => {
      const { id, deliveryId } = c.req.valid("param");
      return c.json(unwrap(await endpoints.redeliver(id, deliveryId, c.get("principal").actor)), 202);
    },
  );
}
