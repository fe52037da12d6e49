import { describe, expect, test } from "vitest";
import { testApp } from "../test-support";

describe("operations", () => {
  test("/healthz answers while the process runs; /readyz while the config store answers", async () => {
    const t = await testApp();
    expect(await t.call("GET", "/healthz", { token: null })).toMatchObject({ status: 200, json: { status: "ok" } });
    expect((await t.call("GET", "/readyz", { token: null })).status).toBe(200);
    t.client.close();
    const down = await t.call("GET", "/readyz", { token: null });
    expect(down.status).toBe(503);
    expect(down.json.error.code).toBe("store_unavailable");
    expect(down.json.error.message).toContain("config store");
    expect((await t.call("GET", "/healthz", { token: null })).status).toBe(200);
  });

  test("/openapi.json is OpenAPI 3.1 built from the request schemas, with descriptions and examples", async () => {
    const t = await testApp();
    const doc = (await t.call("GET", "/openapi.json", { token: null })).json;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    const create = doc.components.schemas.PlanCreate;
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
    const t = await testApp();
    const res = await t.call("GET", "/docs", { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.text).toContain("/openapi.json");
  });
});
