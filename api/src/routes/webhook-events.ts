// What Bouncer sends to webhook endpoints (contract section 13), under `webhooks` in /openapi.json: each event's body
// and the Standard Webhooks headers that sign it, so that a client generated from the document types what it receives.
import { z } from "@hono/zod-openapi";
import type { App } from "../deps";
import { UsageThresholdEvent, WebhookTestEvent } from "../domain/webhook-events";

/** The Standard Webhooks headers of each attempt (webhooks/signature.ts). */
const SignedHeaders = z.object({
  "webhook-id": z.string().meta({
    description:
      "The event's id, the same on every attempt and from every server: a receiver that has seen it ignores it.",
    example: "evt_8nRt2LkW5xQb9MzP",
  }),
  "webhook-timestamp": z
    .string()
    .meta({ description: "When this attempt was signed, in Unix seconds.", example: "1764499267" }),
  "webhook-signature": z.string().meta({
    description:
      "v1, then the HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` under the endpoint's secret (whsec_…), in base64: any Standard Webhooks library verifies it.",
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  }),
});

const received = {
  200: {
    description:
      "Any 2xx within 10 seconds: delivered. Anything else, or no answer, is tried again later with backoff, until the delivery fails.",
  },
};

export function registerWebhookEvents(app: App): void {
  for (const [type, schema, summary] of [
    ["usage.threshold", UsageThresholdEvent, "A customer's use reached an alert threshold"],
    ["webhook.test", WebhookTestEvent, "A test event, asked for by an admin"],
  ] as const) {
    app.openAPIRegistry.registerWebhook({
      method: "post",
      path: type,
      operationId: type,
      tags: ["Webhooks"],
      // No bearer: the receiver knows the sender by the webhook-signature header, made with the endpoint's secret.
      security: [],
      summary,
      description: `Sent by Bouncer to each endpoint that receives ${type} events, as application/json, signed as Standard Webhooks say.`,
      request: { headers: SignedHeaders, body: { content: { "application/json": { schema } }, required: true } },
      responses: received,
    });
  }
}
