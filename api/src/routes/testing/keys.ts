// The API key routes' tests over a RouteHost: in process (keys.test.ts) and on the Worker
// (entry/worker-routes.workerd.test.ts).
import { beforeEach, describe, expect, test } from "vitest";
import type { RouteHost, RouteService } from "../../testing/test-app";

/** A plan and one customer on it, whose keys the tests make; its id. */
export async function customerOnPlan(t: RouteService): Promise<string> {
  await t.call("POST", "/v1/plans", { body: { id: "pro", name: "Pro", perMinute: 100 } });
  return (await t.call("POST", "/v1/customers", { body: { name: "Acme", planId: "pro" } })).json.id;
}

export function describeKeyRoutes(target: RouteHost) {
  describe("API keys", () => {
    let t: RouteService;
    let customerId: string;
    beforeEach(async () => {
      t = await target.fresh();
      customerId = await customerOnPlan(t);
    });

    test("a key is shown once, with a recognisable prefix and at least 128 bits of randomness", async () => {
      const made = await t.call("POST", `/v1/customers/${customerId}/keys`);
      expect(made.status).toBe(201);
      expect(Object.keys(made.json).sort()).toEqual(["id", "key", "prefix"]);
      expect(made.json.id).toMatch(/^key_/);
      // 32 base62 characters: log2(62) * 32 ≈ 190 bits.
      expect(made.json.key).toMatch(/^qk_[0-9A-Za-z]{32}$/);
      expect(made.json.key.startsWith(made.json.prefix)).toBe(true);
      expect(made.json.prefix).toMatch(/^qk_[0-9A-Za-z]{8}$/);

      const other = await t.call("POST", `/v1/customers/${customerId}/keys`);
      expect(other.json.key).not.toBe(made.json.key);
    });

    test("making a key takes no body: none or {} is fine, anything else is refused and makes no key", async () => {
      const path = `/v1/customers/${customerId}/keys`;
      expect((await t.call("POST", path, { body: {} })).status).toBe(201);
      const refused = [
        [415, { body: "hello", headers: { "content-type": "text/plain" } }],
        [400, { body: "{", headers: { "content-type": "application/json" } }],
        [400, { body: { name: "ci" } }],
        [400, { body: [] }],
      ] as const;
      for (const [status, options] of refused) {
        const res = await t.call("POST", path, options);
        expect(res.status, JSON.stringify(options)).toBe(status);
        expect(res.json.error.code).toBe(status === 415 ? "unsupported_media_type" : "invalid_request");
      }
      expect((await t.call("GET", path)).json.keys).toHaveLength(1);
    });

    test("keys are listed without their secrets", async () => {
      const made = await t.call("POST", `/v1/customers/${customerId}/keys`);
      const list = await t.call("GET", `/v1/customers/${customerId}/keys`);
      expect(list.status).toBe(200);
      expect(list.json.keys).toEqual([
        { id: made.json.id, prefix: made.json.prefix, createdAt: expect.any(String), revokedAt: null },
      ]);
      expect(list.text).not.toContain(made.json.key);
    });

    test("a revoked key stops working at once on the server that revoked it", async () => {
      const made = await t.call("POST", `/v1/customers/${customerId}/keys`);
      // Warm the cache so revocation must actively drop it.
      expect((await t.call("GET", "/v1/plans", { token: made.json.key })).status).toBe(403);
      expect((await t.call("DELETE", `/v1/keys/${made.json.id}`)).status).toBe(204);
      const after = await t.call("GET", "/v1/plans", { token: made.json.key });
      expect(after.status).toBe(401);
      const listed = (await t.call("GET", `/v1/customers/${customerId}/keys`)).json.keys[0];
      expect(listed.revokedAt).toEqual(expect.any(String));
      // Revoking again changes nothing and writes no second audit entry.
      expect((await t.call("DELETE", `/v1/keys/${made.json.id}`)).status).toBe(204);
      const revokes = (await t.call("GET", "/v1/audit")).json.entries.filter(
        (e: { action: string }) => e.action === "key.revoke",
      );
      expect(revokes).toHaveLength(1);
    });

    test("keys of unknown customers, and unknown keys, get 404", async () => {
      expect((await t.call("POST", "/v1/customers/cus_nope/keys")).status).toBe(404);
      expect((await t.call("GET", "/v1/customers/cus_nope/keys")).status).toBe(404);
      expect((await t.call("DELETE", "/v1/keys/key_nope")).status).toBe(404);
    });
  });
}
