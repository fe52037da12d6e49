// The token routes' tests over a RouteHost: in process (tokens.test.ts) and on the Worker
// (entry/worker-routes.workerd.test.ts).
import { beforeEach, describe, expect, test } from "vitest";
import type { RouteHost, RouteService } from "../../testing/test-app";

export function describeTokenRoutes(target: RouteHost) {
  describe("tokens", () => {
    let t: RouteService;
    beforeEach(async () => {
      t = await target.fresh();
    });

    test("an admin token made through the API can do everything, and is shown only once", async () => {
      const made = await t.call("POST", "/v1/tokens", { body: { name: "ops", role: "admin" } });
      expect(made.status).toBe(201);
      expect(Object.keys(made.json).sort()).toEqual(["id", "token"]);
      expect(made.json.token).toMatch(/^qt_[0-9A-Za-z]{32}$/);
      const created = await t.call("POST", "/v1/plans", {
        token: made.json.token,
        body: { id: "p", name: "P", perDay: 5 },
      });
      expect(created.status).toBe(201);
      const audit = (await t.call("GET", "/v1/audit")).json.entries;
      expect(audit[0]).toMatchObject({ actor: made.json.id, action: "plan.create", target: "p" });
    });

    test("a service token may not manage anything", async () => {
      const made = await t.call("POST", "/v1/tokens", { body: { name: "billing-svc", role: "service" } });
      for (const [method, path] of [
        ["GET", "/v1/plans"],
        ["POST", "/v1/tokens"],
        ["GET", "/v1/audit"],
      ] as const) {
        const res = await t.call(method, path, {
          token: made.json.token,
          body: method === "POST" ? { name: "x" } : undefined,
        });
        expect(res.status).toBe(403);
        expect(res.json.error.code).toBe("forbidden");
      }
    });

    test("the role defaults to service, the least that can call checks", async () => {
      await t.call("POST", "/v1/tokens", { body: { name: "svc" } });
      expect((await t.call("GET", "/v1/tokens")).json.tokens[0]).toMatchObject({ name: "svc", role: "service" });
    });

    test.each([
      [{ name: "x", role: "root" }, "role"],
      [{ name: "", role: "admin" }, "name"],
      [{ name: "   ", role: "service" }, "name"],
      [{ role: "admin" }, "name"],
      [{ name: "x", role: "admin", token: "mine" }, "token"],
    ])("an invalid token request %j gets 400 and makes nothing", async (body, hint) => {
      const res = await t.call("POST", "/v1/tokens", { body });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toContain(hint);
      expect((await t.call("GET", "/v1/tokens")).json.tokens).toEqual([]);
    });

    test("tokens are listed without secrets; a revoked one is refused with 401 at once", async () => {
      const made = await t.call("POST", "/v1/tokens", { body: { name: "ops", role: "admin" } });
      const list = await t.call("GET", "/v1/tokens");
      expect(list.json.tokens).toEqual([
        { id: made.json.id, name: "ops", role: "admin", createdAt: expect.any(String), revokedAt: null },
      ]);
      expect(list.text).not.toContain(made.json.token);
      expect((await t.call("GET", "/v1/plans", { token: made.json.token })).status).toBe(200);
      expect((await t.call("DELETE", `/v1/tokens/${made.json.id}`)).status).toBe(204);
      expect((await t.call("GET", "/v1/plans", { token: made.json.token })).status).toBe(401);
      expect((await t.call("DELETE", "/v1/tokens/tok_nope")).status).toBe(404);
    });
  });
}
