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

  test("when the config store cannot be read, the answer is 503 store_unavailable, not a 500", async () => {
    t.client.close();
    const res = await t.call("GET", "/v1/plans");
    expect(res.status).toBe(503);
    expect(res.json.error.code).toBe("store_unavailable");
    expect(t.errors).toEqual([]);
  });
});
