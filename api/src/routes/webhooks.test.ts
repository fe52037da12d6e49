// The webhook routes in process: their shared suite (testing/webhooks.ts), and what only the in-process app shows:
// the outbox that checks call, the database's rows, a server run with WEBHOOK_ALLOW_PRIVATE=1.
import { beforeEach, describe, expect, test } from "vitest";
import { scheduleByHand } from "../testing/schedule-by-hand";
import { nodeHost, type TestApp, testApp } from "../testing/test-app";
import type { WebhookEvent } from "../webhooks/outbox";
import { describeWebhookRoutes, HOOK } from "./testing/webhooks";

describeWebhookRoutes(nodeHost);

const threshold = (id: string): WebhookEvent => ({
  id,
  type: "usage.threshold",
  timestamp: "2026-11-30T10:41:07.000Z",
  data: { customerId: "cus_1", limit: "month", threshold: 80 },
});

describe("webhooks in process", () => {
  let t: TestApp;
  beforeEach(async () => {
    // The delivery loop runs only when a test says: these receivers do not exist.
    t = await testApp({ schedule: scheduleByHand().schedule });
  });

  test("a private address is accepted when the server runs with WEBHOOK_ALLOW_PRIVATE=1", async () => {
    const open = await testApp({ schedule: scheduleByHand().schedule, webhooks: { allowPrivate: true } });
    for (const url of ["https://10.1.2.3/hooks", "https://[fd00::1]/hooks", "https://169.254.1.1/hooks"]) {
      expect((await open.call("POST", "/v1/webhooks", { body: { url, events: ["usage.threshold"] } })).status).toBe(
        201,
      );
    }
    // Still https: only loopback may be reached over plain http.
    const plain = await open.call("POST", "/v1/webhooks", {
      body: { url: "http://10.1.2.3/hooks", events: ["usage.threshold"] },
    });
    expect(plain.status).toBe(400);
  });

  test("the outbox adds an event once, with a delivery to each endpoint that receives its type", async () => {
    const a = (await t.call("POST", "/v1/webhooks", { body: HOOK })).json;
    const b = (await t.call("POST", "/v1/webhooks", { body: HOOK })).json;
    const { outbox } = t.config.webhooks;
    await outbox.add([threshold("evt_1"), threshold("evt_2")]);
    await outbox.add([threshold("evt_1")]);
    // An endpoint made since gets nothing of an event added again.
    const c = (await t.call("POST", "/v1/webhooks", { body: HOOK })).json;
    await outbox.add([threshold("evt_2")]);
    // No endpoint receives webhook.test but the one it is sent to.
    await outbox.add([{ ...threshold("evt_3"), type: "webhook.test" }]);
    for (const endpoint of [a, b]) {
      const { deliveries } = (await t.call("GET", `/v1/webhooks/${endpoint.id}/deliveries`)).json;
      expect(deliveries.map((d: { eventId: string }) => d.eventId).sort()).toEqual(["evt_1", "evt_2"]);
      expect(deliveries[0]).toEqual({
        id: expect.stringMatching(/^dlv_[0-9a-f]{20}$/),
        eventId: expect.any(String),
        type: "usage.threshold",
        status: "pending",
        attempts: 0,
        lastStatus: null,
        nextAttemptAt: expect.any(String),
        createdAt: expect.any(String),
      });
    }
    expect((await t.call("GET", `/v1/webhooks/${c.id}/deliveries`)).json.deliveries).toEqual([]);
  });

  test("deliveries are listed newest first, as many as asked", async () => {
    const hook = (await t.call("POST", "/v1/webhooks", { body: HOOK })).json;
    for (const id of ["evt_a", "evt_b", "evt_c"]) {
      await t.config.webhooks.outbox.add([threshold(id)]);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const listed = await t.call("GET", `/v1/webhooks/${hook.id}/deliveries?limit=2`);
    expect(listed.json.deliveries.map((d: { eventId: string }) => d.eventId)).toEqual(["evt_c", "evt_b"]);
    for (const limit of ["0", "1001", "x"]) {
      const bad = await t.call("GET", `/v1/webhooks/${hook.id}/deliveries?limit=${limit}`);
      expect(bad.status).toBe(400);
    }
    expect((await t.call("GET", "/v1/webhooks/wh_missing/deliveries")).status).toBe(404);
  });

  test("a delivery is made due again by redeliver, audited; an unknown one is 404", async () => {
    const hook = (await t.call("POST", "/v1/webhooks", { body: HOOK })).json;
    await t.config.webhooks.outbox.add([threshold("evt_again")]);
    const [delivery] = (await t.call("GET", `/v1/webhooks/${hook.id}/deliveries`)).json.deliveries;
    await t.client.execute({
      sql: "UPDATE webhook_deliveries SET status = 'failed', attempts = 9, next_attempt_at = NULL WHERE id = ?",
      args: [delivery.id],
    });
    const again = await t.call("POST", `/v1/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`);
    expect(again.status).toBe(202);
    expect(again.json).toMatchObject({ id: delivery.id, status: "pending", attempts: 9 });
    expect(Date.parse(again.json.nextAttemptAt)).toBeLessThanOrEqual(Date.now());
    expect((await t.call("GET", `/v1/webhooks/${hook.id}/deliveries`)).json.deliveries[0]).toEqual(again.json);
    expect((await t.call("GET", "/v1/audit")).json.entries[0]).toMatchObject({
      action: "webhook.redeliver",
      target: delivery.id,
      before: expect.objectContaining({ status: "failed" }),
      after: expect.objectContaining({ status: "pending" }),
    });
    const other = (await t.call("POST", "/v1/webhooks", { body: HOOK })).json;
    for (const path of [
      `/v1/webhooks/${hook.id}/deliveries/dlv_missing/redeliver`,
      `/v1/webhooks/${other.id}/deliveries/${delivery.id}/redeliver`,
    ]) {
      expect((await t.call("POST", path)).status).toBe(404);
    }
  });

  test("a deleted endpoint's deliveries are deleted with it", async () => {
    const hook = (await t.call("POST", "/v1/webhooks", { body: HOOK })).json;
    await t.config.webhooks.outbox.add([threshold("evt_gone")]);
    expect((await t.call("DELETE", `/v1/webhooks/${hook.id}`)).status).toBe(204);
    expect((await t.client.execute("SELECT count(*) AS n FROM webhook_deliveries")).rows[0]?.n).toBe(0);
  });
});
