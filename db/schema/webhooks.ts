// Webhooks (contract section 13): the receivers admins register, the events raised for them, and each event's
// delivery to each receiver, the outbox that a delivery loop on any server drains.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { createdAt, timestamp } from "./columns";

export const webhookEndpoints = sqliteTable("webhook_endpoints", {
  id: text("id").primaryKey(),
  url: text("url").notNull(),
  /** The event types it receives, as a JSON array. */
  events: text("events", { mode: "json" }).$type<string[]>().notNull(),
  // Kept as it is, unlike tokens' and keys' hashes: signing needs the key itself, which no hash gives back. Encrypted
  // with a key from the environment it would sit beside ADMIN_TOKEN, the bearer of everything this table can change.
  secret: text("secret").notNull(),
  createdAt: createdAt(),
});

export const webhookEvents = sqliteTable("webhook_events", {
  /** Chosen by whoever raises the event, so that raising it twice adds it once. */
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** The body every receiver gets, as sent and signed. */
  body: text("body").notNull(),
  createdAt: createdAt(),
});

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** The HTTP status of the last attempt; null before the first, and when it got no answer. */
    lastStatus: integer("last_status"),
    /** When it is next due; null once delivered or failed. */
    nextAttemptAt: timestamp("next_attempt_at"),
    /** The lease of the server sending it: until then no other server takes it; past it, it is due again. */
    claimedUntil: timestamp("claimed_until"),
    /** Which claim holds the lease, so that a sender whose lease ran out records nothing over the next one's. */
    claim: text("claim"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("webhook_deliveries_event_endpoint").on(t.eventId, t.endpointId),
    // The due ones, oldest due first: only pending rows are in it, so delivered history costs the loop nothing.
    index("webhook_deliveries_due").on(t.nextAttemptAt).where(sql`status = 'pending'`),
    // One receiver's deliveries, newest first (the id orders those made in one millisecond), read a page at a time.
    index("webhook_deliveries_endpoint").on(t.endpointId, t.createdAt, t.id),
    // Those in flight (claimed, not yet settled), counted per receiver by every claim.
    index("webhook_deliveries_claimed").on(t.endpointId, t.claimedUntil).where(sql`claimed_until IS NOT NULL`),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
