// Issue 26: /openapi.json is complete enough that a client generated from it needs nothing else (contract section 7):
// operationIds, declared tags, servers, every header an answer sends, formats, key|ip as a oneOf, defaults only as
// input. Over a RouteHost, from describeOpenApiDocument: in process (docs.test.ts) and on the Worker.
import { beforeAll, describe, expect, test } from "vitest";
import type { Answer, RouteHost } from "../../testing/test-app";
import { customerWithKey } from "./fixtures";
import { bodies, type Doc, type Header, operation, operations, type Schema, servedDocument } from "./openapi-doc";

/** The operationIds generated clients name their methods after: renaming one breaks every such client. */
const OPERATION_IDS: Record<string, string> = {
  "POST /v1/check": "check",
  "POST /v1/refund": "refund",
  "POST /v1/release": "release",
  "POST /v1/settle": "settle",
  "GET /v1/customers/{id}/usage": "getCustomerUsage",
  "GET /v1/customers/{id}/usage/history": "getCustomerUsageHistory",
  "GET /v1/customers/{id}/usage/daily": "getCustomerUsageDaily",
  "GET /v1/me/usage": "getMyUsage",
  "GET /v1/me/usage/history": "getMyUsageHistory",
  "GET /v1/me/usage/daily": "getMyUsageDaily",
  "GET /v1/usage": "getLiveUsage",
  "GET /v1/usage/export": "exportUsage",
  "GET /v1/me": "getMe",
  "POST /v1/customers/{id}/reset": "resetCustomer",
  "GET /v1/plans": "listPlans",
  "POST /v1/plans": "createPlan",
  "GET /v1/plans/{id}": "getPlan",
  "PATCH /v1/plans/{id}": "updatePlan",
  "DELETE /v1/plans/{id}": "deletePlan",
  "GET /v1/customers": "listCustomers",
  "POST /v1/customers": "createCustomer",
  "GET /v1/customers/{id}": "getCustomer",
  "PATCH /v1/customers/{id}": "updateCustomer",
  "DELETE /v1/customers/{id}": "deleteCustomer",
  "POST /v1/customers/{id}/keys": "createApiKey",
  "GET /v1/customers/{id}/keys": "listApiKeys",
  "DELETE /v1/keys/{id}": "revokeApiKey",
  "POST /v1/tokens": "createToken",
  "GET /v1/tokens": "listTokens",
  "DELETE /v1/tokens/{id}": "revokeToken",
  "POST /v1/webhooks": "createWebhook",
  "GET /v1/webhooks": "listWebhooks",
  "DELETE /v1/webhooks/{id}": "deleteWebhook",
  "POST /v1/webhooks/{id}/test": "testWebhook",
  "GET /v1/webhooks/{id}/deliveries": "listWebhookDeliveries",
  "POST /v1/webhooks/{id}/deliveries/{deliveryId}/redeliver": "redeliverWebhook",
  "GET /v1/audit": "listAuditEntries",
};

const RATE_LIMIT = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "RateLimit", "RateLimit-Policy"];

/**
 * Headers of HTTP itself, of the runtime (miniflare marks what it passes on), and of the browser (security-headers.ts,
 * the same on every answer): not the API's to declare.
 */
const NOT_DECLARED = new Set([
  "content-type",
  "content-length",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "mf-content-encoding",
]);

/** Each property below `schema` with its name, through nested objects, array items, records and unions. */
function properties(schema: Schema, at: string): [string, string, Schema][] {
  const found: [string, string, Schema][] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    found.push([`${at}.${name}`, name, property], ...properties(property, `${at}.${name}`));
  }
  if (schema.items) found.push(...properties(schema.items, `${at}[]`));
  if (typeof schema.additionalProperties === "object")
    found.push(...properties(schema.additionalProperties, `${at}{}`));
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    found.push(...properties(branch, at));
  }
  return found;
}

/** Where below `value` a `default` is written. */
function defaults(value: unknown, at: string): string[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === "default" ? [at] : defaults(inner, `${at}/${key}`)));
}

export function describeDocumentForClients(target: RouteHost) {
  describe("/openapi.json is all a generated client needs", () => {
    let doc: Doc;
    beforeAll(async () => {
      doc = await servedDocument(target);
    });

    const headersOf = (id: string, status: number) => operation(doc, id).responses[status]?.headers ?? {};
    const resolved = (header: Header) =>
      header.$ref ? doc.components.headers?.[header.$ref.replace("#/components/headers/", "")] : header;

    test("every operation has its own stable camelCase operationId", () => {
      const ids = Object.fromEntries(operations(doc).map(({ name, op }) => [name, op.operationId]));
      expect(ids).toEqual(OPERATION_IDS);
      for (const id of Object.values(ids)) expect(id).toMatch(/^[a-z][a-zA-Z]*$/);
      expect(new Set(Object.values(ids)).size).toBe(Object.keys(ids).length);
    });

    test("every operation has one tag, declared at the top with a description; every declared tag is used", () => {
      const declared = (doc.tags ?? []).map((tag) => tag.name);
      expect((doc.tags ?? []).filter((tag) => !tag.description?.trim())).toEqual([]);
      const used = new Set<string>();
      for (const { name, op } of operations(doc)) {
        expect(op.tags, name).toHaveLength(1);
        expect(declared, name).toContain(op.tags?.[0]);
        used.add(op.tags?.[0] as string);
      }
      expect(declared).toEqual(["Check", "Usage", "Plans", "Customers", "API keys", "Tokens", "Webhooks", "Audit"]);
      expect([...used].sort()).toEqual([...declared].sort());
    });

    test("servers: the one the document was read from, and the local default", () => {
      expect(doc.servers).toEqual([
        { url: "/", description: expect.any(String) },
        { url: "http://127.0.0.1:8787", description: expect.stringContaining("local default") },
      ]);
    });

    test("every response declares X-Request-Id and the security headers, a component each; every 401 WWW-Authenticate; every 503 Retry-After", () => {
      const everywhere = [
        "X-Request-Id",
        "X-Content-Type-Options",
        "X-Frame-Options",
        "Referrer-Policy",
        "Content-Security-Policy",
      ];
      for (const header of everywhere) {
        expect(doc.components.headers?.[header]).toMatchObject({ required: true, schema: { type: "string" } });
      }
      const missing: string[] = [];
      for (const { name, op } of operations(doc)) {
        for (const [status, response] of Object.entries(op.responses)) {
          const headers = response.headers ?? {};
          for (const header of everywhere) {
            if (headers[header]?.$ref !== `#/components/headers/${header}`) missing.push(`${name} ${status} ${header}`);
          }
          if (status === "401" && !headers["WWW-Authenticate"]?.required) missing.push(`${name} 401 WWW-Authenticate`);
          if (status === "503" && !headers["Retry-After"]?.required) missing.push(`${name} 503 Retry-After`);
        }
      }
      expect(missing).toEqual([]);
      expect(operations(doc).filter(({ op }) => op.responses["503"]).length).toBeGreaterThanOrEqual(10);
    });

    test("the check's 200 and 429 declare the rate-limit headers, a 429 Retry-After, a 503 Retry-After too", () => {
      for (const status of [200, 429]) {
        for (const name of RATE_LIMIT) expect(headersOf("check", status)[name], `${status} ${name}`).toBeDefined();
        for (const name of RATE_LIMIT) expect(headersOf("check", status)[name]?.required).toBe(true);
      }
      expect(headersOf("check", 200)["Retry-After"]).toBeUndefined();
      // Absent when the request can never pass (its cost exceeds a limit's size): retryAfter is null then.
      expect(headersOf("check", 429)["Retry-After"]).toMatchObject({ required: false, schema: { type: "integer" } });
      expect(headersOf("check", 503)["Retry-After"]).toMatchObject({ required: true, schema: { type: "integer" } });
    });

    test("answers send the headers their response declares as required, and declare every header they send", async () => {
      const t = await target.fresh();
      const { customerId, key, service } = await customerWithKey(t, { id: "tiny", name: "Tiny", perDay: 1 });
      const plan = { id: "other", name: "Other", perMinute: 10 };
      const answers: [string, Answer][] = [
        ["createPlan", await t.call("POST", "/v1/plans", { body: plan })],
        ["createPlan", await t.call("POST", "/v1/plans", { body: { ...plan, perMinute: 0 } })],
        ["getPlan", await t.call("GET", "/v1/plans/other")],
        ["getPlan", await t.call("GET", "/v1/plans/nowhere")],
        ["updatePlan", await t.call("PATCH", "/v1/plans/other", { body: { perMinute: 20 } })],
        ["deletePlan", await t.call("DELETE", "/v1/plans/other")],
        ["listPlans", await t.call("GET", "/v1/plans", { token: "qt_unknown" })],
        ["listPlans", await t.call("GET", "/v1/plans", { token: service })],
        ["getCustomer", await t.call("GET", `/v1/customers/${customerId}`)],
        ["createApiKey", await t.call("POST", `/v1/customers/${customerId}/keys`)],
        ["getCustomerUsage", await t.call("GET", `/v1/customers/${customerId}/usage`, { token: service })],
        ["check", await t.call("POST", "/v1/check", { token: service, body: { key } })],
        ["check", await t.call("POST", "/v1/check", { token: service, body: { key } })],
        ["check", await t.call("POST", "/v1/check", { token: service, body: { key, cost: 2 } })],
        ["check", await t.call("POST", "/v1/check", { token: null, body: { key } })],
        ["check", await t.call("POST", "/v1/check", { token: service, body: { key: "qk_nope" } })],
      ];
      const statuses = answers.map(([id, res]) => `${id} ${res.status}`);
      expect(statuses).toEqual([
        "createPlan 201",
        "createPlan 400",
        "getPlan 200",
        "getPlan 404",
        "updatePlan 200",
        "deletePlan 204",
        "listPlans 401",
        "listPlans 403",
        "getCustomer 200",
        "createApiKey 201",
        "getCustomerUsage 200",
        "check 200",
        "check 429",
        "check 429",
        "check 401",
        "check 403",
      ]);
      for (const [id, res] of answers) {
        const declared = Object.entries(headersOf(id, res.status));
        const sent = [...res.headers.keys()].filter((name) => !NOT_DECLARED.has(name));
        const where = `${id} ${res.status}`;
        expect(
          sent.filter((name) => !declared.some(([d]) => d.toLowerCase() === name)),
          `${where}: sent, and not declared`,
        ).toEqual([]);
        const required = declared.filter(([, header]) => resolved(header)?.required).map(([name]) => name);
        expect(
          required.filter((name) => res.headers.get(name) === null),
          `${where}: declared as required, and not sent`,
        ).toEqual([]);
      }
    });

    test("timestamps carry format date-time, days format date", () => {
      const TIMES = new Set(["createdAt", "updatedAt", "revokedAt", "at", "minute"]);
      const found = new Set<string>();
      const wrong: string[] = [];
      for (const [name, schema] of Object.entries(doc.components.schemas)) {
        for (const [path, property, value] of properties(schema, name)) {
          const expected = TIMES.has(property) ? "date-time" : property === "day" ? "date" : undefined;
          if (!expected) continue;
          found.add(property);
          if (value.format !== expected) wrong.push(`${path}: ${value.format} rather than ${expected}`);
        }
      }
      expect([...found].sort()).toEqual(["at", "createdAt", "day", "minute", "revokedAt", "updatedAt"]);
      expect(wrong).toEqual([]);
    });

    test("the check's and the refund's bodies say exactly one of key and ip as a oneOf", () => {
      for (const id of ["check", "refund"]) {
        const schema = Object.fromEntries(bodies(doc))[id] as Schema;
        expect(
          schema.oneOf?.map((branch) => branch.required),
          id,
        ).toEqual([["key"], ["ip"]]);
        expect(schema.required ?? [], id).toEqual([]);
      }
    });

    // A generated client that validates what it sends refuses what the service would: found by a fuzzer whose client
    // sent 21 resources and [80, 80] as a spec-valid body and had a 400 back.
    test("the rules on resources and alerts that JSON Schema can say are in the document", () => {
      const body = Object.fromEntries(bodies(doc));
      for (const id of ["createPlan", "updatePlan"]) {
        expect(body[id]?.properties?.resources, id).toMatchObject({
          maxProperties: 20,
          propertyNames: { pattern: "^[a-z0-9][a-z0-9._:-]{0,62}$" },
        });
        expect(body[id]?.properties?.alerts, id).toMatchObject({ maxItems: 5, uniqueItems: true });
      }
      expect(doc.components.schemas.Overrides?.properties?.resources).toMatchObject({ maxProperties: 20 });
    });

    test("a field with a default is documented only where it is input: no component schema has one", () => {
      // A generated client takes a component for what the server sends, where a default makes a field required.
      expect(defaults(doc.components.schemas, "#/components/schemas")).toEqual([]);
      const body = Object.fromEntries(bodies(doc));
      expect(body.check?.properties?.cost).toMatchObject({ default: 1 });
      expect(body.check?.properties?.reserve).toMatchObject({ default: false });
      expect(body.check?.properties?.leaseSeconds).toMatchObject({ default: 60 });
      expect(body.createPlan?.required).toEqual(["id", "name"]);
      expect(body.createToken?.required).toEqual(["name"]);
    });
  });
}
