// The auth matrix over every /v1 route in /openapi.json, so a new route is covered as soon as it exists. Over a
// RouteHost: in process (auth.test.ts) and on the Worker (entry/worker-routes.workerd.test.ts).
import { describe, expect, test } from "vitest";
import { ADMIN_TOKEN, type RouteHost, type RouteService, testApp } from "./test-app";

type Kind = "none" | "unknown" | "malformed" | "revokedKey" | "revokedToken" | "customer" | "service" | "admin";

/** Contract section 3: who may call what. An admin may do everything (on /v1/me it has no customer: 404). */
function allowed(method: string, path: string): Kind[] {
  if (method === "post" && ["/v1/check", "/v1/refund", "/v1/release", "/v1/settle"].includes(path)) {
    return ["service", "admin"];
  }
  if (method === "get" && path === "/v1/customers/{id}/usage") return ["service", "admin"];
  if (path.startsWith("/v1/me")) return ["customer", "admin"];
  return ["admin"];
}

async function fixture(t: RouteService) {
  await t.call("POST", "/v1/plans", { body: { id: "pro", name: "Pro", perMinute: 100 } });
  const customer = (await t.call("POST", "/v1/customers", { body: { name: "Acme", planId: "pro" } })).json;
  const key = (await t.call("POST", `/v1/customers/${customer.id}/keys`)).json;
  const revokedKey = (await t.call("POST", `/v1/customers/${customer.id}/keys`)).json;
  await t.call("DELETE", `/v1/keys/${revokedKey.id}`);
  const service = (await t.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json;
  const revokedToken = (await t.call("POST", "/v1/tokens", { body: { name: "old", role: "admin" } })).json;
  await t.call("DELETE", `/v1/tokens/${revokedToken.id}`);
  const bearers: Record<Kind, string | null> = {
    none: null,
    unknown: "qt_thisTokenWasNeverMade000000000000",
    malformed: "",
    revokedKey: revokedKey.key,
    revokedToken: revokedToken.token,
    customer: key.key,
    service: service.token,
    admin: ADMIN_TOKEN,
  };
  const ids: Record<string, string> = { plans: "pro", customers: customer.id, keys: key.id, tokens: service.id };
  return { bearers, ids };
}

/** Every operation /openapi.json lists, as [method, path]. */
const operations = (doc: { paths: Record<string, Record<string, unknown>> }) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method): [string, string] => [method, path]),
  );

// test.each needs the routes as the suites are declared, before any Worker has started: the in-process app's
// document, which the first test holds each target's own to.
const routes = operations((await (await testApp()).call("GET", "/openapi.json")).json);

export function describeAuthMatrix(target: RouteHost) {
  describe("auth matrix", () => {
    test("the document lists the routes of contract section 4, the same on every target", async () => {
      const served = operations((await (await target.fresh()).call("GET", "/openapi.json", { token: null })).json);
      expect(served).toEqual(routes);
      const listed = routes.map(([m, p]) => `${m.toUpperCase()} ${p}`);
      for (const route of [
        "GET /v1/plans",
        "POST /v1/plans",
        "GET /v1/plans/{id}",
        "PATCH /v1/plans/{id}",
        "DELETE /v1/plans/{id}",
        "GET /v1/customers",
        "POST /v1/customers",
        "GET /v1/customers/{id}",
        "PATCH /v1/customers/{id}",
        "DELETE /v1/customers/{id}",
        "POST /v1/customers/{id}/keys",
        "GET /v1/customers/{id}/keys",
        "DELETE /v1/keys/{id}",
        "POST /v1/tokens",
        "GET /v1/tokens",
        "DELETE /v1/tokens/{id}",
        "GET /v1/audit",
        "POST /v1/customers/{id}/reset",
        "POST /v1/check",
        "GET /v1/customers/{id}/usage",
        "GET /v1/customers/{id}/usage/history",
        "GET /v1/me",
        "GET /v1/me/usage",
        "GET /v1/me/usage/history",
        "GET /v1/usage/export",
        "POST /v1/webhooks",
        "GET /v1/webhooks",
        "DELETE /v1/webhooks/{id}",
        "POST /v1/webhooks/{id}/test",
        "GET /v1/webhooks/{id}/deliveries",
        "POST /v1/webhooks/{id}/deliveries/{deliveryId}/redeliver",
      ]) {
        expect(listed).toContain(route);
      }
    });

    test.each(routes)(
      "%s %s: 401 without a live bearer, 403 for the wrong role, all before reading or writing",
      async (method, path) => {
        const t = await target.fresh();
        const { bearers, ids } = await fixture(t);
        const url = path.replace(/\/v1\/(\w+)\/\{id\}/, (_, resource: string) => `/v1/${resource}/${ids[resource]}`);
        const body = method === "get" || method === "delete" ? undefined : { name: "x", id: "new-plan", perMinute: 1 };
        const auditBefore = (await t.call("GET", "/v1/audit?limit=1000")).json.entries.length;

        for (const kind of Object.keys(bearers) as Kind[]) {
          if (kind === "admin") continue;
          const bearer = bearers[kind];
          const headers: Record<string, string> = kind === "malformed" ? { authorization: "Basic dXNlcjpwYXNz" } : {};
          const res = await t.call(method.toUpperCase(), url, {
            token: kind === "malformed" ? null : bearer,
            body,
            headers,
          });
          const expected = ["customer", "service"].includes(kind)
            ? allowed(method, path).includes(kind)
              ? null
              : 403
            : 401;
          if (expected === null) {
            expect([401, 403], `${kind} may call ${method} ${path}`).not.toContain(res.status);
          } else {
            expect(res.status, `${kind} on ${method} ${path}`).toBe(expected);
            expect(res.json.error.code).toBe(expected === 401 ? "unauthorized" : "forbidden");
            expect(res.json.error.requestId).toEqual(expect.any(String));
          }
        }
        expect((await t.call("GET", "/v1/audit?limit=1000")).json.entries.length).toBe(auditBefore);

        const admin = await t.call(method.toUpperCase(), url, { body });
        const expectedAdmin = allowed(method, path).includes("admin");
        if (expectedAdmin) expect([401, 403]).not.toContain(admin.status);
        else expect(admin.status).toBe(403);
      },
    );
  });
}
