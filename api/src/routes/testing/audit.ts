// The audit log's tests over a RouteHost: in process (audit.test.ts) and on the Worker
// (entry/worker-routes.workerd.test.ts).
import { beforeEach, describe, expect, test } from "vitest";
import type { RouteHost, RouteService } from "../../testing/test-app";

export function describeAuditRoutes(target: RouteHost) {
  describe("audit log", () => {
    let t: RouteService;
    beforeEach(async () => {
      t = await target.fresh();
    });

    test("a customer's delete audits each of its live keys as revoked, in the same step: a delete refused, none", async () => {
      await t.call("POST", "/v1/plans", { body: { id: "pro", name: "Pro", perMinute: 100 } });
      await t.call("POST", "/v1/customers", { body: { id: "acme", name: "Acme", planId: "pro" } });
      const live = (await t.call("POST", "/v1/customers/acme/keys")).json;
      const revoked = (await t.call("POST", "/v1/customers/acme/keys")).json;
      await t.call("DELETE", `/v1/keys/${revoked.id}`);
      const listed = (await t.call("GET", "/v1/customers/acme/keys")).json.keys;
      const refused = await t.call("DELETE", "/v1/customers/acme", { headers: { "if-match": '"9"' } });
      expect(refused.status).toBe(412);
      expect((await t.call("GET", "/v1/audit")).json.entries[0].action).toBe("key.revoke");
      expect((await t.call("GET", "/v1/customers/acme/keys")).json.keys).toEqual(listed);

      expect((await t.call("DELETE", "/v1/customers/acme")).status).toBe(204);
      // Newest first: the key, then the customer's delete that ended it, in the same step.
      const [keyEnded, deleted, ...before] = (await t.call("GET", "/v1/audit")).json.entries;
      expect(deleted).toMatchObject({ action: "customer.delete", target: "acme" });
      const shown = { ...listed.find((k: { id: string }) => k.id === live.id), customerId: "acme" };
      expect(keyEnded).toEqual({
        at: deleted.at,
        actor: deleted.actor,
        action: "key.revoke",
        target: live.id,
        before: shown,
        after: { ...shown, revokedAt: deleted.at },
      });
      // The key revoked before is audited once, by its own revoke.
      expect(
        before.filter((e: { target: string }) => e.target === revoked.id).map((e: { action: string }) => e.action),
      ).toEqual(["key.revoke", "key.create"]);
    });

    test("every change is recorded, newest first, with actor, target, before and after, and no secret", async () => {
      const token = await t.call("POST", "/v1/tokens", { body: { name: "ops", role: "admin" } });
      const as = { token: token.json.token };
      await t.call("POST", "/v1/plans", { ...as, body: { id: "pro", name: "Pro", perMinute: 100 } });
      await t.call("PATCH", "/v1/plans/pro", { ...as, body: { perMinute: 120 } });
      const customer = await t.call("POST", "/v1/customers", { ...as, body: { name: "Acme", planId: "pro" } });
      await t.call("PATCH", `/v1/customers/${customer.json.id}`, { ...as, body: { overrides: { perMinute: 10 } } });
      const key = await t.call("POST", `/v1/customers/${customer.json.id}/keys`, as);
      await t.call("DELETE", `/v1/keys/${key.json.id}`, as);
      await t.call("DELETE", `/v1/customers/${customer.json.id}`, as);
      await t.call("DELETE", "/v1/plans/pro", as);
      await t.call("DELETE", `/v1/tokens/${token.json.id}`);

      const audit = await t.call("GET", "/v1/audit");
      expect(audit.status).toBe(200);
      const entries = audit.json.entries;
      expect(entries.map((e: { action: string }) => e.action)).toEqual([
        "token.revoke",
        "plan.delete",
        "customer.delete",
        "key.revoke",
        "key.create",
        "customer.update",
        "customer.create",
        "plan.update",
        "plan.create",
        "token.create",
      ]);
      expect(entries[0]).toMatchObject({ actor: "ADMIN_TOKEN", target: token.json.id });
      expect(entries.slice(1, 9).every((e: { actor: string }) => e.actor === token.json.id)).toBe(true);
      const planUpdate = entries[7];
      expect(planUpdate.before).toMatchObject({ perMinute: 100, version: 1 });
      expect(planUpdate.after).toMatchObject({ perMinute: 120, version: 2 });
      expect(entries[6]).toMatchObject({ target: customer.json.id, before: null, after: { name: "Acme" } });
      expect(entries[1]).toMatchObject({ target: "pro", after: null });
      expect(new Date(entries[0].at).getTime()).toBeGreaterThanOrEqual(new Date(entries[9].at).getTime());

      expect(audit.text).not.toContain(key.json.key);
      expect(audit.text).not.toContain(token.json.token);
      expect(audit.text).not.toMatch(/"hash"/);
    });

    test("limit bounds the number of entries and is validated", async () => {
      for (const id of ["a", "b", "c"]) await t.call("POST", "/v1/plans", { body: { id, name: id, perDay: 1 } });
      const two = await t.call("GET", "/v1/audit?limit=2");
      expect(two.json.entries.map((e: { target: string }) => e.target)).toEqual(["c", "b"]);
      for (const bad of ["0", "1001", "abc", "1.5", "-1"]) {
        const res = await t.call("GET", `/v1/audit?limit=${bad}`);
        expect(res.status).toBe(400);
        expect(res.json.error.code).toBe("invalid_request");
      }
    });

    test("failed writes leave no audit entry", async () => {
      await t.call("POST", "/v1/plans", { body: { id: "pro", name: "Pro", perMinute: 1 } });
      await t.call("POST", "/v1/plans", { body: { id: "pro", name: "Again", perMinute: 1 } });
      await t.call("PATCH", "/v1/plans/pro", { body: { name: "x" }, headers: { "if-match": '"9"' } });
      await t.call("POST", "/v1/customers", { body: { name: "A", planId: "nope" } });
      expect((await t.call("GET", "/v1/audit")).json.entries).toHaveLength(1);
    });
  });
}
