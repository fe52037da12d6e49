// Turns the thresholds a check's use reached into events in the webhook outbox, before the check is answered: an
// event is never lost once its check was answered (contract section 13), and the outbox (in the config store) keeps it
// through a restart. When the config store does not take it, the check is answered all the same (a check must not fail
// for want of its alert), and the event is tried again every second until the store takes it.
import type { Logger } from "../deps";
import type { ThresholdCrossing } from "../quota/decision";
import { type Schedule, timerSchedule } from "../schedule";
import type { Outbox, WebhookEvent } from "../webhooks/outbox";
import { thresholdEvents } from "./threshold-events";

export type AlertRaiser = {
  raise(customerId: string, planId: string, crossings: readonly ThresholdCrossing[], nowMs: number): Promise<void>;
  /** Events the outbox has not taken yet (its store did not answer), kept here until it does. */
  unsent(): number;
  close(): Promise<void>;
};

/** At most this many events wait in memory for the config store: a bound on what an outage of it can hold here. */
const MAX_UNSENT = 10_000;
const RETRY_EVERY_MS = 1000;

/** `outbox`: the webhook outbox (config.webhooks.outbox), which adds an event id once, however often it is given. */
export function createAlertRaiser(
  outbox: Outbox,
  { logger, schedule = timerSchedule }: { logger: Logger; schedule?: Schedule },
): AlertRaiser {
  let waiting: WebhookEvent[] = [];

  async function retry() {
    if (waiting.length === 0) return;
    const events = waiting;
    waiting = [];
    try {
      await outbox.add(events);
    } catch {
      keep(events);
    }
  }
  const stop = schedule(RETRY_EVERY_MS, retry);

  function keep(events: WebhookEvent[]) {
    const room = MAX_UNSENT - waiting.length;
    if (events.length > room) {
      logger.error("alert events dropped: the config store has not taken them for too long", {
        dropped: events.length - room,
      });
    }
    waiting.push(...events.slice(0, Math.max(0, room)));
  }

  return {
    async raise(customerId, planId, crossings, nowMs) {
      const events = thresholdEvents(customerId, planId, crossings, nowMs);
      try {
        await outbox.add(events);
      } catch (error) {
        logger.error("alert events kept to send again: the config store did not take them", {
          events: events.map((e) => e.id),
          error: String(error),
        });
        keep(events);
      }
    },
    unsent: () => waiting.length,
    async close() {
      stop();
      await retry();
    },
  };
}
