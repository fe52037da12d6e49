// Text a store cannot keep as sent (a lone surrogate escape, bytes that are not UTF-8) is refused by the one body
// reader (http.ts readJson) on every route that takes a body, and nothing changes; text it can keep is stored and
// read back exactly as it was echoed. Over a RouteHost that takes the bytes over the wire as sent: a Node server
// process (http.test.ts) and the Worker (entry/worker-routes.workerd.test.ts).
import { beforeAll, describe, expect, test } from "vitest";
import type { RouteHost, RouteService } from "./test-app";

/** A body as sent: text, or bytes no encoder of well-formed text would make. */
type Body = string | Uint8Array<ArrayBuffer>;

const utf8 = (text: string) => new TextEncoder().encode(text);
/** `before`, the raw bytes, then `after`: a body no encoder of well-formed text would make. */
const withBytes = (before: string, bytes: number[], after: string) =>
  new Uint8Array([...utf8(before), ...bytes, ...utf8(after)]);

// Written as JSON text, so that the escapes reach the server as escapes.
const UNSTORABLE: [string, Body][] = [
  ["a lone high surrogate escape", '"\\ud800"'],
  ["a lone low surrogate escape", '"a\\udc00b"'],
  ["a high surrogate escape before a plain letter", '"\\ud83dx"'],
  ["a byte that is never UTF-8", withBytes('"Ac', [0xff], 'me"')],
  ["a surrogate encoded as UTF-8 bytes", withBytes('"Ac', [0xed, 0xa0, 0x80], 'me"')],
  ["a sequence cut short", withBytes('"Ac', [0xe2, 0x82], 'me"')],
];

/** A body with `name` set to the raw JSON value, as text or bytes. */
function bodyWithName(prefix: string, name: Body, suffix: string): Body {
  if (typeof name === "string") return `${prefix}${name}${suffix}`;
  return new Uint8Array([...utf8(prefix), ...name, ...utf8(suffix)]);
}

const ROUTES: [string, string, (name: Body) => Body][] = [
  ["POST", "/v1/plans", (name) => bodyWithName('{"id":"free","name":', name, ',"perDay":5}')],
  ["PATCH", "/v1/plans/pro", (name) => bodyWithName('{"name":', name, "}")],
  ["POST", "/v1/customers", (name) => bodyWithName('{"name":', name, ',"planId":"pro"}')],
  ["PATCH", "/v1/customers/:id", (name) => bodyWithName('{"name":', name, "}")],
  ["POST", "/v1/tokens", (name) => bodyWithName('{"name":', name, ',"role":"service"}')],
];

export function describeUnstorableText(target: RouteHost) {
  // One service for the describe, as it was one server: each test shows that nothing changed, or reads its own write.
  describe("text over the wire", () => {
    let t: RouteService;
    let customerId: string;
    const call = (method: string, path: string, body?: Body) => t.call(method, path, { body: body ?? undefined });
    const json = async (method: string, path: string, body?: string) => {
      const res = await call(method, path, body);
      return { status: res.status, body: res.json };
    };
    /** Everything a write could have changed, as the API shows it. */
    const everything = () =>
      Promise.all(
        ["/v1/plans", "/v1/customers", "/v1/tokens", "/v1/audit?limit=500"].map(
          async (path) => (await json("GET", path)).body,
        ),
      );

    beforeAll(async () => {
      t = await target.fresh();
      expect((await json("POST", "/v1/plans", '{"id":"pro","name":"Pro","perDay":100}')).status).toBe(201);
      customerId = (await json("POST", "/v1/customers", '{"name":"Acme","planId":"pro"}')).body.id;
    });

    describe("text that cannot be stored as sent", () => {
      test("is a 400 invalid_request in the envelope on every route that takes a body, and changes nothing", async () => {
        const before = await everything();
        for (const [method, path, body] of ROUTES) {
          for (const [what, name] of UNSTORABLE) {
            const res = await call(method, path.replace(":id", customerId), body(name));
            const answer = res.json;
            expect(res.status, `${method} ${path}, ${what}`).toBe(400);
            expect(answer.error.code, `${method} ${path}, ${what}`).toBe("invalid_request");
            expect(answer.error.requestId).toBe(res.headers.get("x-request-id"));
          }
        }
        expect(await everything()).toEqual(before);
      });

      test("in a field's name too, and nested deeper than a call stack reaches", async () => {
        const deep = `{"name":${"[".repeat(30_000)}"\\ud800"${"]".repeat(30_000)}}`;
        for (const body of ['{"\\ud800":1,"name":"x","planId":"pro"}', deep]) {
          const res = await call("POST", "/v1/customers", body);
          expect(res.status).toBe(400);
          expect(res.json.error.message).toContain("lone surrogate");
        }
      });

      // Percent-escapes decode only to well-formed text: an escape of bytes that are not UTF-8 stays as it was sent.
      test("in a path or a query, is an ordinary miss or a 400, and changes nothing", async () => {
        const before = await everything();
        expect((await json("GET", "/v1/plans/%ED%A0%80")).status).toBe(404);
        expect((await json("PATCH", "/v1/customers/%FF", '{"name":"x"}')).status).toBe(404);
        expect((await json("DELETE", "/v1/tokens/%ED%A0%80")).status).toBe(404);
        expect((await json("GET", "/v1/audit?limit=%ED%A0%80")).body.error.code).toBe("invalid_request");
        expect(await everything()).toEqual(before);
      });
    });

    describe("text that can be stored", () => {
      test("is read back exactly as it was echoed: escaped pairs, raw characters beyond the BMP, U+FFFD as sent", async () => {
        const sent = '"Ac\\ud83d\\ude00me 😀 \\ufffd \\u00e9"';
        const created = await json("POST", "/v1/customers", `{"name":${sent},"planId":"pro"}`);
        expect(created.status).toBe(201);
        expect(created.body.name).toBe(JSON.parse(sent));
        const read = await json("GET", `/v1/customers/${created.body.id}`);
        expect(read.body.name).toBe(created.body.name);
      });
    });
  });
}
