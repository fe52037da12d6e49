import { describe, expect, test } from "vitest";
import { describeAuthMatrix } from "./testing/auth-matrix";
import { nodeHost, testApp } from "./testing/test-app";

describeAuthMatrix(nodeHost);

describe("RFC 6750 challenges", () => {
  const ask = "Bearer";
  const invalid = 'Bearer error="invalid_token"';

  test.each([
    ["GET", "/v1/plans", undefined],
    ["POST", "/v1/check", { key: "qk_whoever" }],
  ])(
    "%s %s: every 401 says how to authenticate, and invalid_token when a bearer was sent",
    async (method, path, body) => {
      const t = await testApp();
      const revoked = (await t.call("POST", "/v1/tokens", { body: { name: "old", role: "admin" } })).json;
      await t.call("DELETE", `/v1/tokens/${revoked.id}`);
      const cases: [string, Record<string, string>, string][] = [
        ["no Authorization", {}, ask],
        ["Basic credentials", { authorization: "Basic dXNlcjpwYXNz" }, ask],
        ["a scheme with no token", { authorization: "Bearer " }, ask],
        ["an unknown bearer", { authorization: "Bearer qt_thisTokenWasNeverMade000000000000" }, invalid],
        ["a revoked bearer", { authorization: `Bearer ${revoked.token}` }, invalid],
        ["a bearer longer than any token", { authorization: `Bearer ${"x".repeat(300)}` }, invalid],
      ];
      for (const [what, headers, challenge] of cases) {
        const res = await t.call(method, path, { token: null, headers, body });
        expect(res.status, what).toBe(401);
        expect(res.json.error.code, what).toBe("unauthorized");
        expect(res.headers.get("www-authenticate"), what).toBe(challenge);
      }
    },
  );

  test("a 403 carries no challenge: the bearer is known, only its role is wrong", async () => {
    const t = await testApp();
    await t.call("POST", "/v1/plans", { body: { id: "pro", name: "Pro", perMinute: 100 } });
    const customer = (await t.call("POST", "/v1/customers", { body: { name: "Acme", planId: "pro" } })).json;
    const key = (await t.call("POST", `/v1/customers/${customer.id}/keys`)).json.key;
    const service = (await t.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json.token;
    for (const [method, path, token] of [
      ["GET", "/v1/plans", service],
      ["POST", "/v1/check", key],
    ] as const) {
      const res = await t.call(method, path, { token, body: method === "POST" ? { key } : undefined });
      expect(res.status, path).toBe(403);
      expect(res.headers.get("www-authenticate"), path).toBeNull();
    }
  });
});
