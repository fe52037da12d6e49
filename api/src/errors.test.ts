// The errors suite (testing/errors.ts) in process, and what only the in-process app can be sent or shown: a
// Content-Length its body does not have (fetch refuses to send one), the database closed, the errors logged.
import { beforeEach, describe, expect, test } from "vitest";
import { describeErrors } from "./testing/errors";
import { nodeHost, type TestApp, testApp } from "./testing/test-app";

describeErrors(nodeHost);

describe("errors in process", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp();
  });

  test("a declared Content-Length over 64 KiB gets 413 before the body is read", async () => {
    const res = await t.call("POST", "/v1/plans", {
      body: { id: "p", name: "P", perMinute: 1 },
      headers: { "content-length": String(64 * 1024 + 1) },
    });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe("payload_too_large");
  });

  // Found by an audit: nine operations that take no body answered 413 to one over 64 KiB, and did not say so.
  test("every operation that answers 413 to a body over 64 KiB says so in /openapi.json", async () => {
    const doc = (await t.call("GET", "/openapi.json")).json as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const undocumented: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (method === "get") continue;
        const res = await t.call(method.toUpperCase(), path.replace(/\{[^}]+\}/g, "x"), {
          body: { x: 1 },
          headers: { "content-length": String(64 * 1024 + 1) },
        });
        if (res.status === 413 && !operation.responses["413"]) undocumented.push(`${method} ${path}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  test("when the config store cannot be read, the answer is 503 store_unavailable, not a 500", async () => {
    t.client.close();
    const res = await t.call("GET", "/v1/plans");
    expect(res.status).toBe(503);
    expect(res.json.error.code).toBe("store_unavailable");
    expect(t.errors).toEqual([]);
  });
});
