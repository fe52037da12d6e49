// Webhook endpoints as admins manage them (contract section 13): registered with a URL that passes the receiver rules
// and a secret shown once, listed without it, deleted with their deliveries, tested, and their deliveries listed and
// sent again. Every change writes one audit entry in the same batch, which never holds the secret.
import type { z } from "@hono/zod-openapi";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../../db/schema";
import { type AuditEntry, auditInsert } from "../config/audit";
import { newId } from "../config/secrets";
import type { WebhookTestEvent } from "../domain/webhook-events";
import { fail, ok, type Result } from "../errors";
import type { createOutbox, WebhookEvent } from "./outbox";
import { checkReceiverUrl, type ReceiverRules } from "./receiver-url";
import { newSigningSecret } from "./signature";

export type Endpoint = { id: string; url: string; events: string[]; createdAt: string };

export type DeliveryView = {
  id: string;
  eventId: string;
  type: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  lastStatus: number | null;
  nextAttemptAt: string | null;
  createdAt: string;
};

const shownEndpoint = { id: webhookEndpoints.id, url: webhookEndpoints.url, events: webhookEndpoints.events };

const deliveryView = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  type: webhookEvents.type,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatus: webhookDeliveries.lastStatus,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  createdAt: webhookDeliveries.createdAt,
};

export function createEndpointStore(
  db: Db,
  outbox: ReturnType<typeof createOutbox>,
  rules: ReceiverRules,
  now: () => Date,
) {
  const audit = (
    actor: string,
    action: string,
    target: string,
    before: AuditEntry["before"],
    after: AuditEntry["after"],
  ) => auditInsert(db, { at: now().toISOString(), actor, action, target, before, after });

  async function find(id: string): Promise<Endpoint | null> {
    const row = await db
      .select({ ...shownEndpoint, createdAt: webhookEndpoints.createdAt })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .get();
    return row ?? null;
  }

  const missing = (id: string) => fail("not_found", `webhook ${id} does not exist`);

  async function delivery(endpointId: string, id: string): Promise<DeliveryView | null> {
    const row = await db
      .select(deliveryView)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
      .get();
    return row ?? null;
  }

  return {
    /** A new endpoint, and its signing secret, shown this once. */
    async create(
      input: { url: string; events: string[] },
      actor: string,
    ): Promise<Result<Endpoint & { secret: string }>> {
      const url = await checkReceiverUrl(input.url, rules);
      if (!url.ok) return url;
      const made: Endpoint = {
        id: newId("wh"),
        url: url.value,
        events: [...new Set(input.events)],
        createdAt: now().toISOString(),
      };
      const secret = newSigningSecret();
      await db.batch([
        db.insert(webhookEndpoints).values({ ...made, secret }),
        audit(actor, "webhook.create", made.id, null, made),
      ]);
      return ok({ ...made, secret });
    },

    /** Every endpoint, oldest first, without secrets. */
    list: (): Promise<Endpoint[]> =>
      db
        .select({ ...shownEndpoint, createdAt: webhookEndpoints.createdAt })
        .from(webhookEndpoints)
        .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id),

    /** Deletes the endpoint and its deliveries, pending ones included. */
    async remove(id: string, actor: string): Promise<Result<Endpoint>> {
      const before = await find(id);
      if (!before) return missing(id);
      // Two deletes at once: only the one that deletes writes an audit entry.
      const exists = sql`EXISTS (SELECT 1 FROM ${webhookEndpoints} WHERE ${webhookEndpoints.id} = ${id})`;
      await db.batch([
        auditInsert(
          db,
          { at: now().toISOString(), actor, action: "webhook.delete", target: id, before, after: null },
          exists,
        ),
        db.delete(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id)),
        db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)),
      ]);
      return ok(before);
    },

    /** Adds a `webhook.test` event for this endpoint only; its delivery is sent as any other. */
    async test(id: string, actor: string): Promise<Result<{ eventId: string }>> {
      if (!(await find(id))) return missing(id);
      const at = now().toISOString();
      const eventId = newId("evt");
      // The body /openapi.json documents (WebhookTestEvent), as a threshold event is (alerts/threshold-events.ts).
      const event: WebhookEvent & z.infer<typeof WebhookTestEvent> = {
        id: eventId,
        type: "webhook.test",
        timestamp: at,
        data: { webhookId: id },
      };
      await outbox.addFor(id, event, audit(actor, "webhook.test", id, null, { eventId }));
      return ok({ eventId });
    },

    /** The endpoint's newest deliveries first. */
    async deliveries(id: string, limit: number): Promise<Result<DeliveryView[]>> {
      if (!(await find(id))) return missing(id);
      const rows = await db
        .select(deliveryView)
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.endpointId, id))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
      return ok(rows);
    },

    /**
     * Makes a delivery pending again and due now, whatever became of it; one in flight keeps its claim, so it is
     * never sent twice at once. It gets at least one more attempt, however old it is.
     */
    async redeliver(id: string, deliveryId: string, actor: string): Promise<Result<DeliveryView>> {
      const before = await delivery(id, deliveryId);
      if (!before) return fail("not_found", `delivery ${deliveryId} of webhook ${id} does not exist`);
      const due = now().toISOString();
      await db.batch([
        db
          .update(webhookDeliveries)
          .set({ status: "pending", nextAttemptAt: due })
          .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id))),
        audit(actor, "webhook.redeliver", deliveryId, before, { ...before, status: "pending", nextAttemptAt: due }),
      ]);
      return ok({ ...before, status: "pending", nextAttemptAt: due });
    },
  };
}

export type EndpointStore = ReturnType<typeof createEndpointStore>;
