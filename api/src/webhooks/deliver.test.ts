// The delivery loop against a real HTTP receiver that verifies with the standardwebhooks package: signing, retries
// with growing gaps under the same webhook-id, leases that keep two servers apart and run out when a server dies, and
// the cap of 10 in flight per receiver.
import { afterEach, expect, test } from "vitest";
import { createDb } from "../../../db/client";
import { scheduleByHand } from "../testing/schedule-by-hand";
import { testApp } from "../testing/test-app";
import { createClaims, IN_FLIGHT_PER_ENDPOINT } from "./claims";
import { createWebhooks, type WebhookSettings } from "./index";
import type { WebhookEvent } from "./outbox";
import { startReceiver } from "./testing/receiver";

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** A clock the test moves by hand, starting now (receivers refuse timestamps far from their own clock). */
function handClock() {
  // A minute ahead of the outbox's own clock, so what it adds is due; within what receivers allow (5 min).
  let at = Date.now() + 60_000;
  return {
    now: () => at,
    set: (t: number) => {
      at = t;
    },
    advance: (ms: number) => {
      at += ms;
    },
  };
}

const threshold = (id: string): WebhookEvent => ({
  id,
  type: "usage.threshold",
  timestamp: "2026-11-30T10:41:07.000Z",
  data: { customerId: "cus_1", planId: "pro", limit: "month", threshold: 80, used: 800, size: 1000 },
});

async function service(webhooks: WebhookSettings, statuses: number[] = [], holdMs = 0) {
  let secret = "";
  const receiver = await startReceiver(() => secret, statuses, holdMs);
  closing.push(receiver.close);
  const t = await testApp({ schedule: scheduleByHand().schedule, webhooks });
  const made = await t.call("POST", "/v1/webhooks", { body: { url: receiver.url, events: ["usage.threshold"] } });
  expect(made.status).toBe(201);
  secret = made.json.secret;
  const deliveries = async () =>
    (await t.call("GET", `/v1/webhooks/${made.json.id}/deliveries?limit=1000`)).json.deliveries;
  return { t, receiver, endpoint: made.json, deliveries, webhooks: t.config.webhooks };
}

test("an event arrives signed as Standard Webhooks say, with the contract's body, and is then delivered", async () => {
  const { receiver, webhooks, deliveries } = await service({ allowPrivate: false });
  const event = threshold("evt_signed");
  await webhooks.outbox.add([event]);
  expect(await webhooks.deliverDue()).toBe(1);
  expect(receiver.received).toHaveLength(1);
  const [got] = receiver.received;
  expect(got?.verifyError).toBeUndefined();
  expect(got?.verified).toEqual({ type: event.type, timestamp: event.timestamp, data: event.data });
  expect(got?.id).toBe("evt_signed");
  expect(got?.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  expect(got?.headers["content-type"]).toBe("application/json");
  expect(await deliveries()).toEqual([
    expect.objectContaining({ eventId: "evt_signed", status: "delivered", attempts: 1, lastStatus: 200 }),
  ]);
  expect(await webhooks.deliverDue()).toBe(0);
});

test("a receiver that fails twice gets the same webhook-id three times, at growing gaps, then it is delivered", async () => {
  const clock = handClock();
  const { receiver, webhooks, deliveries } = await service(
    { allowPrivate: false, now: clock.now, backoff: { stepsMs: [1_000, 8_000, 60_000], random: () => 0.5 } },
    [500, 503],
  );
  await webhooks.outbox.add([threshold("evt_retried")]);
  const scheduled: number[] = [];
  const attemptedAt: number[] = [];
  for (const expected of [503, 200]) {
    attemptedAt.push(clock.now());
    expect(await webhooks.deliverDue()).toBe(1);
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: "pending", lastStatus: expected === 503 ? 500 : 503 });
    scheduled.push(Date.parse(row.nextAttemptAt));
    // Not due before its time, due at it.
    clock.set((scheduled.at(-1) as number) - 1);
    expect(await webhooks.deliverDue()).toBe(0);
    clock.advance(1);
  }
  attemptedAt.push(clock.now());
  expect(await webhooks.deliverDue()).toBe(1);
  expect(await deliveries()).toEqual([
    expect.objectContaining({ status: "delivered", attempts: 3, lastStatus: 200, nextAttemptAt: null }),
  ]);
  expect(receiver.received.map((r) => r.id)).toEqual(["evt_retried", "evt_retried", "evt_retried"]);
  expect(receiver.received.every((r) => r.verifyError === undefined)).toBe(true);
  // With the jitter at its middle each gap is the step: 1 s, then 8 s.
  const gaps = scheduled.map((at, i) => at - (attemptedAt[i] as number));
  expect(gaps).toEqual([1_000, 8_000]);
  expect(receiver.received[2]?.timestamp).toBeGreaterThan(receiver.received[0]?.timestamp as number);
});

test("full jitter spreads retries over [0, 2 × step), and after the give-up time a delivery has failed", async () => {
  const clock = handClock();
  let r = 0;
  const { webhooks, deliveries } = await service(
    { allowPrivate: false, now: clock.now, backoff: { stepsMs: [1_000], giveUpAfterMs: 100_000, random: () => r } },
    [500, 500, 500, 500],
  );
  await webhooks.outbox.add([threshold("evt_jitter")]);
  r = 0.999;
  await webhooks.deliverDue();
  const [first] = await deliveries();
  expect(Date.parse(first.nextAttemptAt) - clock.now()).toBe(1_998);
  clock.advance(2_000);
  r = 0;
  await webhooks.deliverDue();
  const [second] = await deliveries();
  expect(Date.parse(second.nextAttemptAt)).toBe(clock.now());
  clock.advance(1_000_000);
  await webhooks.deliverDue();
  expect(await deliveries()).toEqual([
    expect.objectContaining({ status: "failed", attempts: 3, lastStatus: 500, nextAttemptAt: null }),
  ]);
  expect(await webhooks.deliverDue()).toBe(0);
});

test("a delivery whose server was killed mid-send is sent by another once its lease runs out", async () => {
  const clock = handClock();
  const { t, receiver, webhooks, deliveries } = await service({ allowPrivate: false, now: clock.now, leaseMs: 30_000 });
  await webhooks.outbox.add([threshold("evt_orphan")]);
  // The killed server: it claimed the delivery, and never sent it nor said how it went.
  const killed = createClaims(t.db);
  const at = new Date(clock.now());
  const [claimed] = await killed.claim(at.toISOString(), new Date(clock.now() + 30_000).toISOString(), 10);
  expect(claimed?.eventId).toBe("evt_orphan");
  expect(await webhooks.deliverDue()).toBe(0);
  clock.advance(30_000);
  expect(await webhooks.deliverDue()).toBe(1);
  expect(receiver.received.map((r) => r.id)).toEqual(["evt_orphan"]);
  expect((await deliveries())[0]).toMatchObject({ status: "delivered", attempts: 1 });
  // Back from the dead, the first server's word no longer counts.
  expect(await killed.settle(claimed as NonNullable<typeof claimed>, { status: "failed", lastStatus: null })).toBe(
    false,
  );
  expect((await deliveries())[0]).toMatchObject({ status: "delivered" });
});

test("two servers on one database never send one delivery twice", async () => {
  const { t, receiver, webhooks, deliveries } = await service({ allowPrivate: false }, [], 20);
  const other = await createDb({ url: t.url });
  const second = createWebhooks(other.db, { allowPrivate: false }, () => new Date());
  closing.push(async () => other.client.close());
  const ids = Array.from({ length: 30 }, (_, i) => `evt_pair_${i}`);
  await webhooks.outbox.add(ids.map(threshold));
  const drain = async (deliverDue: () => Promise<number>) => {
    for (let round = 0; round < 200; round++) {
      await deliverDue();
      if ((await deliveries()).every((d: { status: string }) => d.status === "delivered")) return;
    }
  };
  await Promise.all([drain(webhooks.deliverDue), drain(second.deliverDue)]);
  expect(receiver.received.map((r) => r.id).sort()).toEqual([...ids].sort());
  expect((await deliveries()).every((d: { attempts: number }) => d.attempts === 1)).toBe(true);
});

test("no more than 10 deliveries to one receiver are in flight at once, whoever claims them", async () => {
  const { t, receiver, webhooks, deliveries } = await service({ allowPrivate: false }, [], 200);
  const quiet = await startReceiver(() => "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
  closing.push(quiet.close);
  await t.call("POST", "/v1/webhooks", { body: { url: quiet.url, events: ["usage.threshold"] } });
  await webhooks.outbox.add(Array.from({ length: 25 }, (_, i) => threshold(`evt_cap_${i}`)));

  const claims = createClaims(t.db);
  const now = new Date().toISOString();
  const lease = new Date(Date.now() + 60_000).toISOString();
  const first = await claims.claim(now, lease, 100);
  // 10 to each receiver, though 25 are due to each; a second claim finds both at their cap.
  expect(first).toHaveLength(2 * IN_FLIGHT_PER_ENDPOINT);
  expect(await claims.claim(now, lease, 100)).toEqual([]);
  for (const claimed of first)
    await claims.settle(claimed, { status: "pending", lastStatus: null, nextAttemptAt: now });

  const servers = [webhooks.deliverDue, webhooks.deliverDue, webhooks.deliverDue];
  for (let round = 0; round < 100; round++) {
    await Promise.all(servers.map((deliverDue) => deliverDue()));
    if ((await deliveries()).every((d: { status: string }) => d.status === "delivered")) break;
  }
  expect(receiver.received).toHaveLength(25);
  expect(receiver.mostOpen()).toBeLessThanOrEqual(IN_FLIGHT_PER_ENDPOINT);
});

test("at the time of sending, a receiver that now reaches a private address is not sent to (DNS rebinding)", async () => {
  const clock = handClock();
  const { t, receiver, webhooks, deliveries } = await service({ allowPrivate: false, now: clock.now });
  await webhooks.outbox.add([threshold("evt_rebound")]);
  // As a name that resolved to a public address when it was registered would, once it resolves to a private one.
  await t.client.execute("UPDATE webhook_endpoints SET url = 'https://10.0.0.1/hooks'");
  expect(await webhooks.deliverDue()).toBe(1);
  expect(receiver.received).toEqual([]);
  expect((await deliveries())[0]).toMatchObject({ status: "pending", attempts: 1, lastStatus: null });
});

test("one run drains a backlog past the cap in rounds while the receiver takes them, and stops at a failure", async () => {
  const { receiver, webhooks } = await service({ allowPrivate: false }, [], 5);
  await webhooks.outbox.add(Array.from({ length: 25 }, (_, i) => threshold(`evt_backlog_${i}`)));
  // More than one claim's 10 in one run (all 25 unless the machine is so loaded that a round outlasts 5 s).
  expect(await webhooks.deliverDue()).toBeGreaterThan(IN_FLIGHT_PER_ENDPOINT);
  for (let run = 0; run < 10 && receiver.received.length < 25; run++) await webhooks.deliverDue();
  expect(receiver.received).toHaveLength(25);
  expect(receiver.mostOpen()).toBeLessThanOrEqual(IN_FLIGHT_PER_ENDPOINT);

  const failing = await service({ allowPrivate: false }, Array(30).fill(503));
  await failing.webhooks.outbox.add(Array.from({ length: 25 }, (_, i) => threshold(`evt_down_${i}`)));
  expect(await failing.webhooks.deliverDue()).toBe(IN_FLIGHT_PER_ENDPOINT);
});
