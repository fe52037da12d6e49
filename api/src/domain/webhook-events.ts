// What Bouncer sends to webhook endpoints (contract section 13): each event's body. The alerts that make usage.threshold
// events type them from here, and /openapi.json documents them under `webhooks` (routes/webhook-events.ts).
import { z } from "@hono/zod-openapi";

// The event's id is not in the body: it is the webhook-id header, as Standard Webhooks have it.
const eventFields = {
  timestamp: z.string().meta({ description: "When the event was raised (ISO 8601, UTC).", format: "date-time" }),
};

export const UsageThresholdEvent = z
  .object({
    ...eventFields,
    type: z.literal("usage.threshold").meta({ description: "A customer's use of a window limit reached a threshold." }),
    data: z
      .object({
        customerId: z.string().meta({ description: "The customer whose use reached it." }),
        planId: z.string().meta({ description: "The customer's plan when it did." }),
        limit: z.string().meta({
          description: "The window limit, named as in the check's `limits` (hour, day, week, month, or resource/day…).",
        }),
        threshold: z.number().int().meta({ description: "The plan's alert threshold reached, in percent." }),
        used: z.number().int().meta({ description: "The window's use when the check that reached it was counted." }),
        size: z.number().int().meta({ description: "The limit's size for the customer." }),
        windowStart: z.string().meta({ description: "When the window began (ISO 8601, UTC).", format: "date-time" }),
        windowEnd: z.string().meta({ description: "When the window ends (ISO 8601, UTC).", format: "date-time" }),
      })
      .meta({ description: "The customer, the limit and its window, and the use that reached the threshold." }),
  })
  .meta({
    id: "UsageThresholdEvent",
    description: "Raised once per customer, limit, window and threshold, in the check that reaches it.",
    example: {
      type: "usage.threshold",
      timestamp: "2026-11-30T10:41:07.000Z",
      data: {
        customerId: "cus_7YqK2mP9xW4tLb3n",
        planId: "pro",
        limit: "day",
        threshold: 80,
        used: 40000,
        size: 50000,
        windowStart: "2026-11-30T00:00:00Z",
        windowEnd: "2026-12-01T00:00:00Z",
      },
    },
  });

export const WebhookTestEvent = z
  .object({
    ...eventFields,
    type: z
      .literal("webhook.test")
      .meta({ description: "Sent by POST /v1/webhooks/{id}/test, to this endpoint only." }),
    data: z
      .object({ webhookId: z.string().meta({ description: "The endpoint it was sent to." }) })
      .meta({ description: "The endpoint tested." }),
  })
  .meta({
    id: "WebhookTestEvent",
    description: "A test an admin asked for: delivered, signed and retried as any other event.",
    example: {
      type: "webhook.test",
      timestamp: "2026-11-30T10:45:00.000Z",
      data: { webhookId: "wh_5TbQ2nR8vXk3LmZp" },
    },
  });
