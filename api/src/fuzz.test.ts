// Hostile input over every route in /openapi.json: each answer is a 4xx with the error envelope, never a 5xx or a
// stack trace, and the database is exactly as it was. Generated from the document, so new routes are covered.
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { ADMIN_TOKEN, type TestApp, testApp } from "./testing/test-app";

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  anyOf?: Schema[];
  $ref?: string;
  example?: unknown;
};
type Operation = {
  method: string;
  path: string;
  body?: Schema;
  query: { name: string; schema?: Schema }[];
  pathParams: boolean;
  /** The write takes If-Match: a version it must still be at. */
  ifMatch: boolean;
};

let t: TestApp;
type DocOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
let doc: { paths: Record<string, Record<string, DocOperation>>; components: { schemas: Record<string, Schema> } };
let ids: Record<string, string>;
let operations: Operation[];

const TABLES = ["plans", "customers", "api_keys", "tokens", "audit_log"];
async function dump(): Promise<string> {
  const out: Record<string, unknown> = {};
  for (const table of TABLES) out[table] = (await t.client.execute(`SELECT * FROM ${table} ORDER BY 1`)).rows;
  return JSON.stringify(out);
}

const resolve = (s: Schema): Schema =>
  s.$ref ? (doc.components.schemas[s.$ref.split("/").pop() as string] as Schema) : s;
const typesOf = (s: Schema): string[] => {
  const r = resolve(s);
  if (r.anyOf) return r.anyOf.flatMap(typesOf);
  return Array.isArray(r.type) ? r.type : r.type ? [r.type] : [];
};

/** Values a field of this schema must refuse: other types, numbers past its range, strings past its length or pattern. */
function badValues(schema: Schema): unknown[] {
  const s = resolve(schema);
  const types = typesOf(s);
  const out: unknown[] = [];
  const candidates: [string, unknown][] = [
    ["string", "not-this"],
    ["number", 7.25],
    ["integer", 7],
    ["boolean", true],
    ["null", null],
    ["array", [1, [2, [3]]]],
    ["object", { nested: { deeper: [] } }],
  ];
  for (const [type, value] of candidates) {
    const accepted = types.includes(type) || (type === "integer" && types.includes("number"));
    if (!accepted) out.push(value);
  }
  if (types.includes("integer")) {
    out.push(1.5, -1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER * 4);
    if (s.maximum !== undefined) out.push(s.maximum + 1);
  }
  if (types.includes("string")) {
    out.push("x".repeat(10_000));
    if (s.enum || s.pattern) out.push("\u0000\u202e\u2066", "", " ");
  }
  if (types.includes("object") && !types.includes("null")) out.push(null);
  return out.filter((v) => !(s.enum ?? []).includes(v));
}

/**
 * Query values the parameter's schema refuses: odd numbers and text for a number or a choice; for free text (a
 * search), where any short string is a fair question, only one longer than it allows.
 */
function oddValues(schema: Schema | undefined): string[] {
  if (schema?.type === "string" && !schema.enum && !schema.pattern && schema.maxLength !== undefined) {
    return ["x".repeat(schema.maxLength + 1)];
  }
  return ["0", "-1", "abc", "1e999", "NaN", "", "%00", "9".repeat(400), "1.5", "%ZZ"];
}

function readOperations(): Operation[] {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const body = op.requestBody?.content?.["application/json"]?.schema as Schema | undefined;
      found.push({
        method: method.toUpperCase(),
        path,
        body,
        query: params.filter((p) => p.in === "query"),
        pathParams: params.some((p) => p.in === "path"),
        ifMatch: params.some((p) => p.in === "header" && p.name === "if-match"),
      });
    }
  }
  return found;
}

/** The path with real ids in it, so a request reaches validation rather than a 404. */
const realPath = (path: string) =>
  path.replace(/\/v1\/(\w+)\/\{id\}/, (_, resource: string) => `/v1/${resource}/${ids[resource]}`);

async function expectRefused(
  method: string,
  path: string,
  init: { body?: string; type?: string | null; label: string },
) {
  let res: Awaited<ReturnType<TestApp["call"]>>;
  if (init.type === null) {
    // Bytes, not a string: a string body would get text/plain from the Request constructor.
    const raw = await t.app.request(path, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: init.body === undefined ? undefined : new TextEncoder().encode(init.body),
    });
    const text = await raw.text();
    res = { status: raw.status, headers: raw.headers, text, json: JSON.parse(text) };
  } else {
    res = await t.call(method, path, { body: init.body, headers: { "content-type": init.type ?? "application/json" } });
  }
  expect(res.status, `${method} ${path} ${init.label}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${method} ${path} ${init.label}`).toBeLessThan(500);
  expect(res.json?.error?.code, `${method} ${path} ${init.label}: envelope`).toEqual(expect.any(String));
  expect(res.json.error.requestId).toEqual(expect.any(String));
  expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+|node_modules/);
}

beforeAll(async () => {
  t = await testApp();
  await t.call("POST", "/v1/plans", {
    body: { id: "pro", name: "Pro", burst: 20, perMinute: 100, perHour: 5000, perDay: 50000 },
  });
  const customer = (await t.call("POST", "/v1/customers", { body: { name: "Acme", planId: "pro" } })).json.id;
  const key = (await t.call("POST", `/v1/customers/${customer}/keys`)).json.id;
  const token = (await t.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json.id;
  ids = { plans: "pro", customers: customer, keys: key, tokens: token };
  doc = (await t.call("GET", "/openapi.json")).json;
  operations = readOperations();
});

describe("fuzz", () => {
  test("every route with a JSON body refuses bad fields, missing fields, extra fields and bad bodies", async () => {
    const before = await dump();
    const withBody = operations.filter((op) => op.body);
    expect(withBody.length).toBeGreaterThanOrEqual(5);
    for (const op of withBody) {
      const schema = resolve(op.body as Schema);
      const example = schema.example as Record<string, unknown>;
      expect(example, `${op.method} ${op.path} documents an example body`).toBeDefined();
      const path = realPath(op.path);
      for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
        for (const bad of badValues(fieldSchema)) {
          await expectRefused(op.method, path, {
            body: JSON.stringify({ ...example, [field]: bad }),
            label: `${field}=${JSON.stringify(bad)?.slice(0, 40)}`,
          });
        }
      }
      for (const field of schema.required ?? []) {
        const { [field]: _, ...missing } = example;
        await expectRefused(op.method, path, { body: JSON.stringify(missing), label: `without ${field}` });
      }
      await expectRefused(op.method, path, {
        body: JSON.stringify({ ...example, unexpected: 1 }),
        label: "extra field",
      });
      const text = JSON.stringify(example);
      for (const [label, body] of [
        ["empty", ""],
        ["null", "null"],
        ["an array", "[]"],
        ["a number", "1"],
        ["truncated", text.slice(0, text.length - 3)],
        ["NaN", `${text.slice(0, -1)},"n":NaN}`],
        ["Infinity", `${text.slice(0, -1)},"n":-Infinity}`],
        ["deeply nested", `${"[".repeat(20_000)}${"]".repeat(20_000)}`],
        ["over 64 KiB", JSON.stringify({ ...example, padding: "x".repeat(70_000) })],
        ["not UTF-8 JSON", "\u00ff\u00fe{"],
      ] as const) {
        await expectRefused(op.method, path, { body: body === "" ? " " : body, label });
      }
      for (const type of [
        "text/plain",
        "application/xml",
        "multipart/form-data; boundary=x",
        "application/json-patch",
      ]) {
        await expectRefused(op.method, path, {
          body: text.replace(/"pro"/, '"fuzz"'),
          type,
          label: `content-type ${type}`,
        });
      }
      await expectRefused(op.method, path, { body: text, type: null, label: "no content type" });
    }
    expect(await dump()).toBe(before);
  }, 120_000);

  test("random JSON documents are refused by every JSON route", async () => {
    const before = await dump();
    for (const op of operations.filter((o) => o.body)) {
      const fields = new Set(Object.keys(resolve(op.body as Schema).properties ?? {}));
      const notABody = fc
        .jsonValue()
        .filter(
          (v) =>
            !(typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).some((k) => fields.has(k))),
        );
      await fc.assert(
        fc.asyncProperty(notABody, async (value) => {
          await expectRefused(op.method, realPath(op.path), { body: JSON.stringify(value) ?? "null", label: "random" });
        }),
        { numRuns: 40 },
      );
    }
    expect(await dump()).toBe(before);
  }, 120_000);

  test("odd ids in paths and odd query strings are refused", async () => {
    const before = await dump();
    for (const op of operations) {
      if (op.pathParams) {
        for (const id of [
          "..%2F..%2Fetc%2Fpasswd",
          "%00",
          "x".repeat(5000),
          "%F0%9F%92%A5",
          "%E2%80%AE",
          "a%20b",
          "%25",
        ]) {
          const path = op.path.replace(/\{id\}/, id);
          await expectRefused(op.method, path, { body: op.body ? "{}" : undefined, label: `id ${id.slice(0, 20)}` });
        }
      }
      for (const { name, schema } of op.query) {
        for (const value of oddValues(schema)) {
          await expectRefused(op.method, `${realPath(op.path)}?${name}=${value}`, {
            type: null,
            label: `${name}=${value}`,
          });
        }
      }
    }
    expect(await dump()).toBe(before);
  }, 120_000);

  test("every write that takes If-Match refuses one naming no version it is at with 412, and changes nothing", async () => {
    const before = await dump();
    const guarded = operations.filter((op) => op.ifMatch);
    // PATCH and DELETE of plans and of customers.
    expect(guarded.length).toBeGreaterThanOrEqual(4);
    for (const op of guarded) {
      const example = op.body ? JSON.stringify(resolve(op.body).example) : undefined;
      // Everything was made at version 1.
      for (const ifMatch of [
        '"2"',
        '"0"',
        'W/"1"',
        '"abc"',
        '""',
        `"${"9".repeat(400)}"`,
        '"1.5"',
        '"-1"',
        "",
        ",",
        "W/*",
      ]) {
        const res = await t.call(op.method, realPath(op.path), { body: example, headers: { "if-match": ifMatch } });
        expect(res.status, `${op.method} ${op.path} If-Match: ${ifMatch.slice(0, 20)}`).toBe(412);
        expect(res.json.error.code).toBe("precondition_failed");
      }
    }
    expect(await dump()).toBe(before);
  });

  test("no input reached the error handler as an unexpected error", () => {
    expect(t.errors).toEqual([]);
  });
});
