// The webhook routes' tests over a RouteHost (contract section 13): in process (webhooks.test.ts) and on the Worker
// (entry/worker-routes.workerd.test.ts). Endpoints made with a secret shown once and never again, refused URLs and
// event types answered 400 with nothing changed, test events, deliveries listed and sent again, admins only.
import { beforeEach, describe, expect, test } from "vitest";
import { UsageThresholdEvent, WebhookTestEvent } from "../../domain/webhook-events";
import type { RouteHost, RouteService } from "../../testing/test-app";
import { startReceiver } from "../../webhooks/testing/receiver";

/** A receiver that is never reached: these suites look at the routes, deliver.test.ts at delivery. */
export const HOOK = { url: "https://127.0.0.1:9/hooks", events: ["usage.threshold"] };

export function describeWebhookRoutes(target: RouteHost) {
  describe("webhooks", () => {
    let t: RouteService;
    beforeEach(async () => {
      t = await target.fresh();
    });

    const state = async () => ({
      webhooks: (await t.call("GET", "/v1/webhooks")).json,
      audit: (await t.call("GET", "/v1/audit?limit=1000")).json,
    });

    test("an endpoint is made with a secret shown once, listed and audited without it", async () => {
      const made = await t.call("POST", "/v1/webhooks", { body: HOOK });
      expect(made.status).toBe(201);
      expect(Object.keys(made.json).sort()).toEqual(["createdAt", "events", "id", "secret", "url"]);
      expect(made.json).toMatchObject({ url: HOOK.url, events: ["usage.threshold"] });
      expect(made.json.id).toMatch(/^wh_[0-9A-Za-z]{16}$/);
      expect(made.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(made.json.secret.slice(6), "base64")).toHaveLength(32);
      const { secret, ...shown } = made.json;
      const listed = await t.call("GET", "/v1/webhooks");
      expect(listed.json).toEqual({ webhooks: [shown] });
      const audit = (await t.call("GET", "/v1/audit")).json.entries;
      expect(audit[0]).toMatchObject({ action: "webhook.create", target: made.json.id, before: null, after: shown });
      expect(JSON.stringify(audit)).not.toContain(secret);
      expect(listed.text).not.toContain(secret);
    });

    test.each([
      ["not a URL", { url: "billing.example.com/hooks", events: ["usage.threshold"] }],
      ["http to a public host", { url: "http://93.184.216.34/hooks", events: ["usage.threshold"] }],
      ["another protocol", { url: "ftp://127.0.0.1/hooks", events: ["usage.threshold"] }],
      ["credentials in the URL", { url: "https://user:pw@127.0.0.1/hooks", events: ["usage.threshold"] }],
      ["a private address", { url: "https://10.1.2.3/hooks", events: ["usage.threshold"] }],
      ["a private address (172.16/12)", { url: "https://172.20.0.1/hooks", events: ["usage.threshold"] }],
      ["a private address (192.168/16)", { url: "https://192.168.1.1/hooks", events: ["usage.threshold"] }],
      ["shared address space", { url: "https://100.64.0.1/hooks", events: ["usage.threshold"] }],
      ["the metadata service", { url: "https://169.254.169.254/latest", events: ["usage.threshold"] }],
      ["the unspecified address", { url: "https://0.0.0.0/hooks", events: ["usage.threshold"] }],
      ["unique local IPv6", { url: "https://[fd00::1]/hooks", events: ["usage.threshold"] }],
      ["link-local IPv6", { url: "https://[fe80::1]/hooks", events: ["usage.threshold"] }],
      ["IPv4-mapped private", { url: "https://[::ffff:192.168.0.1]/hooks", events: ["usage.threshold"] }],
      ["an unknown event type", { url: HOOK.url, events: ["usage.exceeded"] }],
      ["the internal test type", { url: HOOK.url, events: ["webhook.test"] }],
      ["no events", { url: HOOK.url, events: [] }],
      ["events left out", { url: HOOK.url }],
      ["an unknown field", { ...HOOK, secret: "whsec_mine" }],
      ["a URL that is not a string", { url: 42, events: ["usage.threshold"] }],
    ])("%s: 400 invalid_request, and nothing changes", async (_, body) => {
      await t.call("POST", "/v1/webhooks", { body: HOOK });
      const before = await state();
      const res = await t.call("POST", "/v1/webhooks", { body });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("invalid_request");
      expect(await state()).toEqual(before);
    });

    test.each([
      "http://127.0.0.1:8080/hooks",
      "http://127.9.9.9/hooks",
      "http://localhost:3000/hooks",
      "http://[::1]:3000/hooks",
      "https://8.8.8.8/hooks",
      // The contract's own example, whether or not its name resolves where the test runs (this machine has no DNS):
      // a name is judged by its addresses when sent to.
      "https://billing.example.com/hooks",
    ])("%s is accepted", async (url) => {
      expect((await t.call("POST", "/v1/webhooks", { body: { url, events: ["usage.threshold"] } })).status).toBe(201);
    });

    test("a test event goes to its endpoint only, audited", async () => {
      const a = (await t.call("POST", "/v1/webhooks", { body: HOOK })).json;
      const b = (await t.call("POST", "/v1/webhooks", { body: HOOK })).json;
      const sent = await t.call("POST", `/v1/webhooks/${a.id}/test`);
      expect(sent.status).toBe(202);
      expect(sent.json.eventId).toMatch(/^evt_/);
      const { deliveries } = (await t.call("GET", `/v1/webhooks/${a.id}/deliveries`)).json;
      expect(deliveries).toEqual([
        expect.objectContaining({ eventId: sent.json.eventId, type: "webhook.test", status: "pending" }),
      ]);
      expect((await t.call("GET", `/v1/webhooks/${b.id}/deliveries`)).json.deliveries).toEqual([]);
      expect((await t.call("GET", "/v1/audit")).json.entries[0]).toMatchObject({
        action: "webhook.test",
        target: a.id,
      });
      expect((await t.call("POST", "/v1/webhooks/wh_missing/test")).status).toBe(404);
    });

    test("a service token and a customer's key may touch no webhook route", async () => {
      const hook = (await t.call("POST", "/v1/webhooks", { body: HOOK })).json;
      const service = (await t.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json.token;
      for (const [method, path] of [
        ["POST", "/v1/webhooks"],
        ["GET", "/v1/webhooks"],
        ["DELETE", `/v1/webhooks/${hook.id}`],
        ["POST", `/v1/webhooks/${hook.id}/test`],
        ["GET", `/v1/webhooks/${hook.id}/deliveries`],
      ] as const) {
        const res = await t.call(method, path, { token: service, body: method === "POST" ? HOOK : undefined });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect((await t.call(method, path, { token: null })).status).toBe(401);
      }
      expect((await t.call("GET", "/v1/webhooks")).json.webhooks).toHaveLength(1);
    });

    test("a delivery is sent again on demand, audited; one of another endpoint, or none, is 404", async () => {
      const hook = (await t.call("POST", "/v1/webhooks", { body: HOOK })).json;
      const other = (await t.call("POST", "/v1/webhooks", { body: HOOK })).json;
      const { eventId } = (await t.call("POST", `/v1/webhooks/${hook.id}/test`)).json;
      const [delivery] = (await t.call("GET", `/v1/webhooks/${hook.id}/deliveries`)).json.deliveries;
      expect(delivery.eventId).toBe(eventId);
      const again = await t.call("POST", `/v1/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`);
      expect(again.status).toBe(202);
      expect(again.json).toMatchObject({ id: delivery.id, eventId, status: "pending" });
      expect((await t.call("GET", "/v1/audit")).json.entries[0]).toMatchObject({
        action: "webhook.redeliver",
        target: delivery.id,
        after: expect.objectContaining({ status: "pending" }),
      });
      for (const path of [
        `/v1/webhooks/${hook.id}/deliveries/dlv_missing/redeliver`,
        `/v1/webhooks/${other.id}/deliveries/${delivery.id}/redeliver`,
      ]) {
        expect((await t.call("POST", path)).status).toBe(404);
      }
    });

    test("a deleted endpoint is gone with its deliveries; deleting it again is 404", async () => {
      const hook = (await t.call("POST", "/v1/webhooks", { body: HOOK })).json;
      await t.call("POST", `/v1/webhooks/${hook.id}/test`);
      expect((await t.call("DELETE", `/v1/webhooks/${hook.id}`)).status).toBe(204);
      expect((await t.call("GET", "/v1/webhooks")).json.webhooks).toEqual([]);
      expect((await t.call("GET", `/v1/webhooks/${hook.id}/deliveries`)).status).toBe(404);
      const audit = (await t.call("GET", "/v1/audit")).json.entries;
      expect(audit[0]).toMatchObject({ action: "webhook.delete", target: hook.id, after: null });
      expect((await t.call("DELETE", `/v1/webhooks/${hook.id}`)).status).toBe(404);
      expect((await t.call("GET", "/v1/audit")).json.entries).toHaveLength(audit.length);
    });

    test("a test event reaches a real receiver, signed as Standard Webhooks say, and is then delivered", async () => {
      let secret = "";
      const receiver = await startReceiver(() => secret);
      try {
        const hook = (await t.call("POST", "/v1/webhooks", { body: { ...HOOK, url: receiver.url } })).json;
        secret = hook.secret;
        const { eventId } = (await t.call("POST", `/v1/webhooks/${hook.id}/test`)).json;
        const delivered = async () =>
          (await t.call("GET", `/v1/webhooks/${hook.id}/deliveries`)).json.deliveries[0]?.status === "delivered";
        for (let round = 0; round < 50 && !(await delivered()); round++) {
          await t.deliverWebhooks?.();
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(await delivered()).toBe(true);
        expect(receiver.received.map((r) => r.id)).toEqual([eventId]);
        expect(receiver.received[0]?.verifyError).toBeUndefined();
        expect(receiver.received[0]?.verified).toMatchObject({ type: "webhook.test", data: { webhookId: hook.id } });
        // As /openapi.json documents it under webhooks, nothing more.
        expect(() => WebhookTestEvent.strict().parse(receiver.received[0]?.verified)).not.toThrow();
      } finally {
        await receiver.close();
      }
    });

    /**
     * A receiver with an endpoint, a customer on `plan` and a service token; `act` makes calls that reach both of the
     * plan's two thresholds. Each event must be in the outbox before the call that raised it is answered (listed at
     * once), then reach the receiver verified, as /openapi.json documents it: their [threshold, used], sorted.
     */
    async function thresholdEvents(
      plan: { id: string; name: string; perDay: number; alerts: number[] },
      act: (key: string, service: string) => Promise<void>,
    ) {
      let secret = "";
      const receiver = await startReceiver(() => secret);
      try {
        const hook = (await t.call("POST", "/v1/webhooks", { body: { ...HOOK, url: receiver.url } })).json;
        secret = hook.secret;
        await t.call("POST", "/v1/plans", { body: plan });
        const customer = (await t.call("POST", "/v1/customers", { body: { name: "Acme", planId: plan.id } })).json;
        const key = (await t.call("POST", `/v1/customers/${customer.id}/keys`)).json.key;
        const service = (await t.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json.token;
        await act(key, service);
        const listed = (await t.call("GET", `/v1/webhooks/${hook.id}/deliveries`)).json.deliveries;
        expect(listed.map((d: { type: string }) => d.type)).toEqual(["usage.threshold", "usage.threshold"]);
        for (let round = 0; round < 50 && receiver.received.length < 2; round++) {
          await t.deliverWebhooks?.();
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(receiver.received.map((r) => r.verifyError)).toEqual([undefined, undefined]);
        for (const r of receiver.received) expect(() => UsageThresholdEvent.strict().parse(r.verified)).not.toThrow();
        const events = receiver.received.map((r) => (r.verified as { data: { threshold: number; used: number } }).data);
        return events.map((e) => [e.threshold, e.used]).sort();
      } finally {
        await receiver.close();
      }
    }

    test("a check whose use reaches a plan's alert threshold sends one usage.threshold event, verified", async () => {
      const plan = { id: "metered", name: "Metered", perDay: 4, alerts: [50, 100] };
      const events = await thresholdEvents(plan, async (key, service) => {
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++)
          statuses.push((await t.call("POST", "/v1/check", { token: service, body: { key } })).status);
        expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      });
      expect(events).toEqual([
        [100, 4],
        [50, 2],
      ]);
    });

    // The store records the thresholds a settle reaches as raised in the same step, so a settle that did not send
    // them lost them for the rest of the window (an audit: reserve 10, settle 120 of 100, no event ever).
    test("a settle whose greater cost reaches alert thresholds sends their events before it is answered", async () => {
      const plan = { id: "llm", name: "LLM", perDay: 100, alerts: [50, 100] };
      const events = await thresholdEvents(plan, async (key, service) => {
        const reserved = await t.call("POST", "/v1/check", { token: service, body: { key, cost: 10, reserve: true } });
        expect(reserved.status).toBe(200);
        const lease = reserved.json.lease.id;
        expect((await t.call("POST", "/v1/settle", { token: service, body: { lease, cost: 120 } })).status).toBe(200);
      });
      expect(events).toEqual([
        [100, 120],
        [50, 120],
      ]);
    });
  });
}
