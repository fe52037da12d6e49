// The delivery loop's side of the outbox: due deliveries claimed under a lease by one UPDATE, so that two servers
// never send one delivery at once and a server killed mid-send leaves a lease that runs out, and each claim's end
// recorded only by the claim that holds it.
import { sql } from "drizzle-orm";
import { changedRows } from "../../../db/changed-rows";
import type { Db } from "../../../db/client";
import { randomBase62 } from "../config/secrets";

/** Deliveries to one receiver in flight at once, at most (contract section 13). */
export const IN_FLIGHT_PER_ENDPOINT = 10;

/** One delivery claimed for sending: what to send, where, and the claim that must record how it went. */
export type Claimed = {
  id: string;
  claim: string;
  attempts: number;
  createdAt: string;
  eventId: string;
  body: string;
  url: string;
  secret: string;
};

/** How an attempt ended: delivered, pending again at `nextAttemptAt`, or failed for good. */
export type Settlement =
  | { status: "delivered"; lastStatus: number }
  | { status: "pending"; lastStatus: number | null; nextAttemptAt: string }
  | { status: "failed"; lastStatus: number | null };

export function createClaims(db: Db) {
  return {
    /**
     * Claims up to `limit` due deliveries until `leaseUntil`, oldest due first, and never more than
     * IN_FLIGHT_PER_ENDPOINT to one endpoint counting those other claims hold. One statement: SQLite runs it alone, so
     * two servers' claims never overlap. It reads the partial indexes of pending and of claimed deliveries, `scan` of the due at most (`limit` is at
     * most 100, what D1 binds in one statement).
     */
    async claim(now: string, leaseUntil: string, limit: number, scan = limit * 4): Promise<Claimed[]> {
      // A read first: while nothing is due, as nearly always, no server takes the write lock every second.
      const due = await db.all(
        sql`SELECT 1 FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ${now} LIMIT 1`,
      );
      if (due.length === 0) return [];
      const claim = randomBase62(16);
      const claimed = await db.all<{ id: string }>(sql`
        UPDATE webhook_deliveries SET claimed_until = ${leaseUntil}, claim = ${claim}
        WHERE id IN (
          SELECT id FROM (
            SELECT due.id, due.next_attempt_at,
              row_number() OVER (PARTITION BY due.endpoint_id ORDER BY due.next_attempt_at, due.id) AS nth,
              (SELECT count(*) FROM webhook_deliveries busy
                WHERE busy.endpoint_id = due.endpoint_id AND busy.claimed_until IS NOT NULL
                  AND busy.claimed_until > ${now}) AS in_flight
            FROM (
              SELECT id, endpoint_id, next_attempt_at FROM webhook_deliveries
              WHERE status = 'pending' AND next_attempt_at <= ${now}
                AND (claimed_until IS NULL OR claimed_until <= ${now})
              ORDER BY next_attempt_at LIMIT ${scan}
            ) due
          )
          WHERE nth + in_flight <= ${IN_FLIGHT_PER_ENDPOINT}
          ORDER BY next_attempt_at LIMIT ${limit}
        )
        RETURNING id`);
      if (claimed.length === 0) return [];
      return db.all<Claimed>(sql`
        SELECT d.id, d.claim, d.attempts, d.created_at AS createdAt, ev.id AS eventId, ev.body, e.url, e.secret
        FROM webhook_deliveries d
        JOIN webhook_events ev ON ev.id = d.event_id
        JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.id IN (${sql.join(
          claimed.map(({ id }) => sql`${id}`),
          sql`, `,
        )}) AND d.claim = ${claim}`);
    },

    /** Records an attempt's end; false when the claim no longer holds it (its lease ran out and another took it). */
    async settle(delivery: Pick<Claimed, "id" | "claim">, settlement: Settlement): Promise<boolean> {
      const next = settlement.status === "pending" ? settlement.nextAttemptAt : null;
      const result = await db.run(sql`
        UPDATE webhook_deliveries
        SET status = ${settlement.status}, attempts = attempts + 1, last_status = ${settlement.lastStatus},
          next_attempt_at = ${next}, claimed_until = NULL, claim = NULL
        WHERE id = ${delivery.id} AND claim = ${delivery.claim}`);
      return changedRows(result) === 1;
    },
  };
}

export type Claims = ReturnType<typeof createClaims>;
