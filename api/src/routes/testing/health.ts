// The operations routes' tests over a RouteHost: in process (health.test.ts) and on the Worker
// (entry/worker-routes.workerd.test.ts).
import { beforeEach, describe, expect, test } from "vitest";
import type { RouteHost, RouteService } from "../../testing/test-app";

export function describeOperations(target: RouteHost) {
  describe("operations", () => {
    let t: RouteService;
    beforeEach(async () => {
      t = await target.fresh();
    });

    test("/healthz and /readyz answer while both stores do", async () => {
      expect(await t.call("GET", "/healthz", { token: null })).toMatchObject({ status: 200, json: { status: "ok" } });
      const ready = await t.call("GET", "/readyz", { token: null });
      expect([ready.status, ready.json]).toEqual([200, { status: "ok", configStore: "ok", counterStore: "ok" }]);
    });

    test("/openapi.json is OpenAPI 3.1 built from the request schemas, with descriptions and examples", async () => {
      const doc = (await t.call("GET", "/openapi.json", { token: null })).json;
      expect(doc.openapi).toBe("3.1.0");
      expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
      // In place in its operation, where a generated client reads a default as input (routes/openapi-document.ts).
      const create = doc.paths["/v1/plans"].post.requestBody.content["application/json"].schema;
      expect(create.required).toEqual(expect.arrayContaining(["id", "name"]));
      expect(create.properties.id.pattern).toBe("^[a-z0-9][a-z0-9_-]{0,62}$");
      expect(create.properties.perMinute.description).toEqual(expect.any(String));
      expect(doc.components.schemas.Plan.example).toMatchObject({ id: "pro" });
      expect(doc.paths["/v1/plans/{id}"].patch.responses["412"]).toBeDefined();
      for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { summary?: string }>>)) {
        for (const [method, op] of Object.entries(ops))
          expect(op.summary, `${method} ${path}`).toEqual(expect.any(String));
      }
    });

    test("/docs serves the interactive reference over /openapi.json", async () => {
      const res = await t.call("GET", "/docs", { token: null });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      // Its settings are a script of the server's own, which points the reference at the document.
      expect(res.text).toContain('<script src="/docs/settings.js"></script>');
      const settings = await t.call("GET", "/docs/settings.js", { token: null });
      expect([settings.status, settings.headers.get("content-type")]).toEqual([200, "text/javascript; charset=utf-8"]);
      expect(settings.text).toContain('"url":"/openapi.json"');
    });
  });
}
