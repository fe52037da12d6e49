// Threshold crossings as outbox events: one id per customer, limit, window and threshold, the contract's body, and
// events the config store did not take kept and given again until it does.
import { expect, test } from "vitest";
import type { Logger } from "../deps";
import { scheduleByHand } from "../testing/schedule-by-hand";
import type { WebhookEvent } from "../webhooks/outbox";
import { createAlertRaiser } from "./alert-raiser";

const quiet: Logger = { debug() {}, info() {}, error() {} };
const at = (iso: string) => Date.parse(iso);
const monthly = {
  limit: "month",
  threshold: 80,
  used: 800_000,
  size: 1_000_000,
  windowStartMs: at("2026-11-17T00:00:00.000Z"),
  windowEndMs: at("2026-12-17T00:00:00.000Z"),
};

test("a crossing becomes the contract's usage.threshold event, its id the same whichever server makes it", async () => {
  const added: WebhookEvent[] = [];
  const raiser = createAlertRaiser({ add: async (events) => void added.push(...events) }, { logger: quiet });
  await raiser.raise("cus_7Yq", "pro", [monthly], at("2026-11-30T10:41:07.123Z"));
  await raiser.raise("cus_7Yq", "pro", [monthly], at("2026-11-30T10:41:08.000Z"));
  await raiser.raise("cus_7Yq", "pro", [{ ...monthly, threshold: 100 }], at("2026-11-30T10:41:09.000Z"));
  await raiser.close();
  expect(added[0]).toEqual({
    id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
    type: "usage.threshold",
    timestamp: "2026-11-30T10:41:07.123Z",
    data: {
      customerId: "cus_7Yq",
      planId: "pro",
      limit: "month",
      threshold: 80,
      used: 800000,
      size: 1000000,
      windowStart: "2026-11-17T00:00:00Z",
      windowEnd: "2026-12-17T00:00:00Z",
    },
  });
  // The same crossing made again (a check sent again) is the same event; another threshold is another.
  expect(added[1]?.id).toBe(added[0]?.id);
  expect(added[2]?.id).not.toBe(added[0]?.id);
});

test("events the outbox did not take are kept and given again each second until it takes them", async () => {
  const { schedule, tasks } = scheduleByHand();
  let down = true;
  const added: string[] = [];
  const raiser = createAlertRaiser(
    {
      add: async (events) => {
        if (down) throw new Error("SQLITE_BUSY: database is locked");
        added.push(...events.map((e) => String(e.data.limit)));
      },
    },
    { logger: quiet, schedule },
  );
  // The check's answer does not wait on a store that fails: raise resolves.
  await raiser.raise("cus_1", "pro", [monthly, { ...monthly, limit: "day" }], at("2026-11-30T10:00:00.000Z"));
  expect([raiser.unsent(), added]).toEqual([2, []]);
  await tasks[0]?.run();
  expect(raiser.unsent()).toBe(2);
  down = false;
  await tasks[0]?.run();
  expect([raiser.unsent(), added]).toEqual([0, ["month", "day"]]);
});
