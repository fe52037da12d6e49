// Contract section 8: one envelope for every error, and no input that yields a 500 or a partial write. Over a
// RouteHost: in process (errors.test.ts) and on the Worker (entry/worker-routes.workerd.test.ts).
import { beforeEach, describe, expect, test } from "vitest";
import type { RouteHost, RouteService } from "./test-app";

const envelope = {
  error: { code: expect.any(String), message: expect.any(String), requestId: expect.any(String) },
};

export function describeErrors(target: RouteHost) {
  describe("errors", () => {
    let t: RouteService;
    beforeEach(async () => {
      t = await target.fresh();
    });

    test("a body over 64 KiB gets 413 and creates nothing", async () => {
      const body = JSON.stringify({ id: "big", name: "Big", perMinute: 1, pad: "x".repeat(64 * 1024) });
      const res = await t.call("POST", "/v1/plans", { body });
      expect(res.status).toBe(413);
      expect(res.json).toEqual(envelope);
      expect(res.json.error.code).toBe("payload_too_large");
      expect((await t.call("GET", "/v1/plans")).json.plans).toEqual([]);
    });

    test("a body of exactly 64 KiB is read (and judged on its content)", async () => {
      const base = JSON.stringify({ id: "big", name: "Big", perMinute: 1, pad: "" });
      const body = JSON.stringify({ id: "big", name: "Big", perMinute: 1, pad: "x".repeat(64 * 1024 - base.length) });
      expect(body.length).toBe(64 * 1024);
      const res = await t.call("POST", "/v1/plans", { body });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toContain("pad");
    });

    test.each([
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
    ])("a %s body on a JSON route gets 415", async (type) => {
      const res = await t.call("POST", "/v1/plans", {
        body: JSON.stringify({ id: "p", name: "P", perMinute: 1 }),
        headers: { "content-type": type },
      });
      expect(res.status).toBe(415);
      expect(res.json.error.code).toBe("unsupported_media_type");
      expect((await t.call("GET", "/v1/plans")).json.plans).toEqual([]);
    });

    test("a JSON route without a body or content type gets 415", async () => {
      const res = await t.call("POST", "/v1/plans");
      expect(res.status).toBe(415);
    });

    test("a body in a Content-Encoding (gzip) gets 415 and changes nothing; identity is plain", async () => {
      const gzip = { "content-type": "application/json", "content-encoding": "gzip" };
      const plan = { id: "p", name: "P", perMinute: 1 };
      for (const [path, body] of [
        ["/v1/plans", JSON.stringify(plan)],
        ["/v1/check", JSON.stringify({ ip: "203.0.113.7" })],
        ["/v1/tokens", JSON.stringify({ name: "t", role: "service" })],
        ["/v1/refund", JSON.stringify({ ip: "203.0.113.7", cost: 1 })],
        ["/v1/settle", JSON.stringify({ lease: "ls_x", cost: 1 })],
      ] as const) {
        const res = await t.call("POST", path, { body, headers: gzip });
        expect(res.status).toBe(415);
        expect(res.json.error).toMatchObject({
          code: "unsupported_media_type",
          message: expect.stringMatching(/Content-Encoding/),
        });
      }
      expect((await t.call("GET", "/v1/plans")).json.plans).toEqual([]);
      expect((await t.call("GET", "/v1/audit")).json.entries).toEqual([]);
      const plain = { "content-type": "application/json", "content-encoding": "identity" };
      expect((await t.call("POST", "/v1/plans", { body: JSON.stringify(plan), headers: plain })).status).toBe(201);
    });

    test("a key named twice in one object gets 400 and changes nothing: no reader is left to pick one", async () => {
      const res = await t.call("POST", "/v1/tokens", { body: '{"name":"dup","role":"service","role":"admin"}' });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: "invalid_request", message: expect.stringContaining('"role"') });
      expect((await t.call("GET", "/v1/tokens")).json.tokens).toEqual([]);
      const plan = '{"id":"p","name":"P","perMinute":1,"resources":{"ai":{"perDay":5,"perDay":500}}}';
      expect((await t.call("POST", "/v1/plans", { body: plan })).status).toBe(400);
      expect((await t.call("GET", "/v1/plans")).json.plans).toEqual([]);
      const release = await t.call("POST", "/v1/release", { body: '{"lease":"ls_a","lease":"ls_b"}' });
      expect([release.status, release.json.error.code]).toEqual([400, "invalid_request"]);
      // The check too, which reads its own body (an audit: the last key named was charged, the last cost taken).
      for (const [body, twice] of [
        ['{"key":"qk_a","key":"qk_b"}', '"key"'],
        ['{"key":"qk_a","cost":1,"cost":5}', '"cost"'],
        ['{"ip":"203.0.113.7","ip":"203.0.113.8"}', '"ip"'],
        ['{"key":"qk_a","resource":"ai","resource":"vid"}', '"resource"'],
      ]) {
        const check = await t.call("POST", "/v1/check", { body });
        expect([check.status, check.json.error.code], body).toEqual([400, "invalid_request"]);
        expect(check.json.error.message).toContain(twice);
      }
    });

    test("application/json with a charset is accepted", async () => {
      const res = await t.call("POST", "/v1/plans", {
        body: { id: "p", name: "P", perMinute: 1 },
        headers: { "content-type": "application/json; charset=utf-8" },
      });
      expect(res.status).toBe(201);
    });

    test.each([
      ["malformed JSON", "{bad"],
      ["truncated JSON", '{"id": "p", "name": "P", "perMin'],
      ["an empty body", ""],
      ["an array", "[1,2]"],
      ["null", "null"],
      ["a string", '"plan"'],
      ["NaN", '{"id":"p","name":"P","perMinute":NaN}'],
      ["a huge number", '{"id":"p","name":"P","perMinute":1e400}'],
      ["deep nesting", `{"id":"p","name":"P","perMinute":${"[".repeat(5000)}${"]".repeat(5000)}}`],
    ])("%s gets 400 with the envelope", async (_, body) => {
      const res = await t.call("POST", "/v1/plans", { body: body === "" ? " " : body });
      expect(res.status).toBe(400);
      expect(res.json).toEqual(envelope);
      expect(res.json.error.code).toBe("invalid_request");
      expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+/);
    });

    test("an unknown route gets 404 with the envelope", async () => {
      const res = await t.call("GET", "/v1/nothing-here");
      expect(res.status).toBe(404);
      expect(res.json).toEqual(envelope);
      expect(res.json.error.code).toBe("not_found");
    });

    test("the request id in the envelope is the one sent in X-Request-Id, and is echoed", async () => {
      const res = await t.call("GET", "/v1/plans/nope", { headers: { "x-request-id": "req-12345" } });
      expect(res.json.error.requestId).toBe("req-12345");
      expect(res.headers.get("x-request-id")).toBe("req-12345");
    });
  });
}
