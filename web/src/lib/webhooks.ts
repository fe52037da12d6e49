// The webhook shapes the API answers with (contract section 13), inferred from the routes' own schemas: type-only
// imports, so none of the API's code reaches the browser.
import type { z } from "zod";
import type { WebhookDelivery } from "../../../api/src/routes/webhook-deliveries";
import type {
  NewWebhook as NewWebhookSchema,
  WebhookCreate,
  Webhook as WebhookSchema,
  WebhookTest,
} from "../../../api/src/routes/webhooks";

export type Webhook = z.output<typeof WebhookSchema>;
export type NewWebhook = z.output<typeof NewWebhookSchema>;
export type WebhookInput = z.input<typeof WebhookCreate>;
export type WebhookEvent = WebhookInput["events"][number];
export type TestEvent = z.output<typeof WebhookTest>;
export type Delivery = z.output<typeof WebhookDelivery>;
export type DeliveryStatus = Delivery["status"];
