// Webhooks over the config store: the outbox that checks add events to, the endpoints admins manage, and the
// delivery loop that sends what is due, on the runtime's schedule.
import { addressesOf, send } from "#webhook-network";
import type { Db } from "../../../db/client";
import { createClaims } from "./claims";
import { createDelivery, type DeliveryOptions } from "./deliver";
import { createEndpointStore } from "./endpoints";
import { createOutbox, type Outbox } from "./outbox";

/** DeliveryOptions, with the runtime's network and the config's clock unless a test gives its own. */
export type WebhookSettings = Omit<DeliveryOptions, "send"> & Partial<Pick<DeliveryOptions, "send">>;

/** How often a server looks for due deliveries: one indexed read when none is due. */
export const DELIVERY_EVERY_MS = 1000;

export function createWebhooks(db: Db, settings: WebhookSettings, now: () => Date) {
  const outbox = createOutbox(db, now);
  const rules = { allowPrivate: settings.allowPrivate, addressesOf };
  const delivery = createDelivery(createClaims(db), {
    send,
    now: () => now().getTime(),
    ...settings,
  });
  return {
    /** What the check adds threshold events to. */
    outbox: { add: outbox.add } satisfies Outbox,
    endpoints: createEndpointStore(db, outbox, rules, now),
    /** Sends what is due now; the config runs it on its schedule, a Worker's Cron Trigger too. */
    deliverDue: delivery.deliverDue,
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
