// The outbox: events written durably in the config store, each with one pending delivery per endpoint that receives
// its type, before the check that raised them answers; the delivery loop (deliver.ts) sends them from there.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../../db/schema";
import type { auditInsert } from "../config/audit";

export type WebhookEvent = {
  id: string;
  type: "usage.threshold" | "webhook.test";
  timestamp: string;
  data: Record<string, unknown>;
};
/** Adds events durably (one transaction), insert-or-ignore by event id, with one pending delivery per endpoint subscribed to its type; adding the same id twice adds nothing. */
export type Outbox = { add(events: WebhookEvent[]): Promise<void> };

/** The body every receiver gets (contract section 13), signed as it is. */
export const bodyOf = ({ type, timestamp, data }: WebhookEvent) => JSON.stringify({ type, timestamp, data });

/** A delivery's id made by the database, as deliveries are made by one statement for every receiver at once. */
const NEW_DELIVERY_ID = sql`'dlv_' || lower(hex(randomblob(10)))`;

export function createOutbox(db: Db, now: () => Date) {
  /** The event's insert, which changes no row when it exists already, and its deliveries to the endpoints `to` picks. */
  function inserts(event: WebhookEvent, at: string, to: ReturnType<typeof sql>) {
    return [
      db
        .insert(webhookEvents)
        .values({ id: event.id, type: event.type, body: bodyOf(event), createdAt: at })
        .onConflictDoNothing(),
      // changes() is the count of the insert just before, in the same transaction: an event that was there already
      // gets no deliveries, not even to endpoints registered since it was first added.
      db
        .insert(webhookDeliveries)
        .select(
          sql`SELECT ${NEW_DELIVERY_ID}, ${event.id}, e.id, 'pending', 0, NULL, ${at}, NULL, NULL, ${at}
            FROM ${webhookEndpoints} e WHERE changes() = 1 AND ${to}`,
        )
        .onConflictDoNothing(),
    ] as const;
  }

  return {
    async add(events: WebhookEvent[]): Promise<void> {
      if (events.length === 0) return;
      const at = now().toISOString();
      const statements = events.flatMap((event) =>
        inserts(event, at, sql`EXISTS (SELECT 1 FROM json_each(e.events) WHERE value = ${event.type})`),
      );
      await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
    },

    /**
     * Adds one event for one endpoint only, whatever it receives (a `webhook.test`), in one transaction with
     * `alongside` (its audit entry).
     */
    async addFor(endpointId: string, event: WebhookEvent, alongside: ReturnType<typeof auditInsert>): Promise<void> {
      const [insertEvent, insertDelivery] = inserts(event, now().toISOString(), sql`e.id = ${endpointId}`);
      await db.batch([insertEvent, insertDelivery, alongside]);
    },
  } satisfies Outbox & Record<string, unknown>;
}
