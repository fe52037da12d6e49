// The webhook routes (contract section 13): register an endpoint (its secret shown once), list, delete, and send it a
// test event. Its deliveries' routes are in webhook-deliveries.ts.
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../auth";
import type { App, AppDeps } from "../deps";
import { unwrap } from "../errors";
import { BY_ID_ERRORS, errorResponses, jsonBody, jsonContent, noBody, security } from "../http";
import { idParam } from "./id-param";

const tags = ["Webhooks"];

export const WebhookParam = idParam("webhook endpoint", "wh_3kTq9ZmW2xPb7LcN");

const CREATED = "2026-11-30T10:00:00.000Z";
const EXAMPLE = {
  id: "wh_3kTq9ZmW2xPb7LcN",
  url: "https://billing.example.com/hooks",
  events: ["usage.threshold"],
  createdAt: CREATED,
};

const fields = {
  id: z.string().meta({ description: "The endpoint's id (wh_…)." }),
  url: z.string().meta({ description: "Where events are sent, as a POST of their JSON body.", format: "uri" }),
  events: z.array(z.string()).meta({ description: "The event types it receives." }),
  createdAt: z.string().meta({ description: "When it was registered (ISO 8601, UTC).", format: "date-time" }),
};

export const WebhookCreate = z
  .strictObject({
    url: z.string().max(2048).meta({
      description:
        "https: (http: only to a loopback address, for local development). A host that resolves to a private or link-local address is refused unless the server runs with WEBHOOK_ALLOW_PRIVATE=1.",
      example: EXAMPLE.url,
    }),
    events: z
      .array(z.enum(["usage.threshold"]))
      .min(1)
      .max(10)
      .meta({ description: "The event types to receive: usage.threshold.", example: ["usage.threshold"] }),
  })
  .meta({
    id: "WebhookCreate",
    description: "A new webhook endpoint.",
    example: { url: EXAMPLE.url, events: EXAMPLE.events },
  });

export const Webhook = z
  .object(fields)
  .meta({ id: "Webhook", description: "A webhook endpoint, without its secret.", example: EXAMPLE });

export const NewWebhook = z
  .object({
    ...fields,
    secret: z.string().meta({
      description:
        "The signing secret (whsec_…), shown this once: receivers verify each event's webhook-signature with it, as Standard Webhooks libraries do.",
    }),
  })
  .meta({
    id: "NewWebhook",
    description: "A new webhook endpoint, with its signing secret.",
    example: { ...EXAMPLE, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" },
  });

export const WebhookTest = z
  .object({ eventId: z.string().meta({ description: "The test event's id, its webhook-id header when sent." }) })
  .meta({ id: "WebhookTest", description: "The test event added.", example: { eventId: "evt_8nRt2LkW5xQb9MzP" } });

export function registerWebhooks(app: App, { config }: AppDeps) {
  const { endpoints } = config.webhooks;

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/webhooks",
      operationId: "createWebhook",
      tags,
      security,
      summary: "Register a webhook endpoint",
      description:
        "Events are sent to the URL signed as Standard Webhooks say (webhook-id, webhook-timestamp, webhook-signature). The response is the only time the signing secret is shown.",
      middleware: [allow("admin"), jsonBody],
      request: { body: { required: true, content: { "application/json": { schema: WebhookCreate } } } },
      responses: {
        201: jsonContent(NewWebhook, "The new endpoint, with its secret"),
        ...errorResponses(
          "invalid_request",
          "unauthorized",
          "forbidden",
          "payload_too_large",
          "unsupported_media_type",
        ),
      },
    }),
    async (c) => c.json(unwrap(await endpoints.create(c.req.valid("json"), c.get("principal").actor)), 201),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/webhooks",
      operationId: "listWebhooks",
      tags,
      security,
      summary: "List webhook endpoints, without their secrets",
      description: "Every registered endpoint, oldest first.",
      middleware: [allow("admin")],
      responses: {
        200: jsonContent(z.object({ webhooks: z.array(Webhook) }), "Every endpoint, oldest first"),
        ...errorResponses("unauthorized", "forbidden"),
      },
    }),
    async (c) => c.json({ webhooks: await endpoints.list() }, 200),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/webhooks/{id}",
      operationId: "deleteWebhook",
      tags,
      security,
      summary: "Delete a webhook endpoint",
      description: "It receives nothing more: its deliveries, pending ones included, are deleted with it.",
      middleware: [allow("admin"), noBody],
      request: { params: WebhookParam },
      responses: {
        204: { description: "Deleted" },
        ...errorResponses(...BY_ID_ERRORS),
      },
    }),
    async (c) => {
      unwrap(await endpoints.remove(c.req.valid("param").id, c.get("principal").actor));
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/webhooks/{id}/test",
      operationId: "testWebhook",
      tags,
      security,
      summary: "Send a test event to a webhook endpoint",
      description:
        "Adds a webhook.test event for this endpoint only, delivered (and retried) as any other; follow it in the endpoint's deliveries.",
      middleware: [allow("admin"), noBody],
      request: { params: WebhookParam },
      responses: {
        202: jsonContent(WebhookTest, "The test event, added for delivery"),
        ...errorResponses(...BY_ID_ERRORS),
      },
    }),
    async (c) => c.json(unwrap(await endpoints.test(c.req.valid("param").id, c.get("principal").actor)), 202),
  );
}
