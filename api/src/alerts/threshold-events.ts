// The usage.threshold events of contract section 13, made from the crossings a check's own atomic step recorded.
import { createHash } from "node:crypto";
import type { z } from "@hono/zod-openapi";
import type { UsageThresholdEvent } from "../domain/webhook-events";
import type { ThresholdCrossing } from "../quota/decision";
import type { WebhookEvent } from "../webhooks/outbox";

/** The documented body, with the id the outbox sends as its webhook-id header. */
export type ThresholdEvent = WebhookEvent & z.infer<typeof UsageThresholdEvent>;

/** Unix ms as the contract's window bounds: ISO 8601 in UTC, to the second ("2026-11-17T00:00:00Z"). */
const isoSeconds = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/**
 * The event's id, the same whichever server makes it: one per customer, limit, window and threshold. The outbox adds
 * an id once, so an event made twice (its check's answer was sent again after a lost reply) is delivered once.
 */
export function thresholdEventId(customerId: string, limit: string, windowStartMs: number, threshold: number) {
  const digest = createHash("sha256").update(`${customerId}\n${limit}\n${windowStartMs}\n${threshold}`).digest("hex");
  return `evt_${digest.slice(0, 32)}`;
}

/** One event per crossing, stamped with the store's clock at the check that made it. */
export function thresholdEvents(
  customerId: string,
  planId: string,
  crossings: readonly ThresholdCrossing[],
  nowMs: number,
): ThresholdEvent[] {
  return crossings.map((c) => ({
    id: thresholdEventId(customerId, c.limit, c.windowStartMs, c.threshold),
    type: "usage.threshold",
    // The event's time as the contract's example and webhook.test have it, to the millisecond ("…T10:41:07.000Z").
    timestamp: new Date(nowMs).toISOString(),
    data: {
      customerId,
      planId,
      limit: c.limit,
      threshold: c.threshold,
      used: c.used,
      size: c.size,
      windowStart: isoSeconds(c.windowStartMs),
      windowEnd: isoSeconds(c.windowEndMs),
    },
  }));
}
