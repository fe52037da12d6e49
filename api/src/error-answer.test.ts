// The headers an error answer carries besides every answer's, on the app's error handler and on the check's own
// answer alike: Retry-After on every 503 store_unavailable (WWW-Authenticate on a 401 is auth.test.ts's).
import { expect, test } from "vitest";
import { testApp } from "./testing/test-app";

test("a 503 store_unavailable says when to try again, from a route and from the check", async () => {
  const t = await testApp();
  await t.call("POST", "/v1/plans", { body: { id: "pro", name: "Pro", perMinute: 100 } });
  const customer = (await t.call("POST", "/v1/customers", { body: { name: "Acme", planId: "pro" } })).json;
  const key = (await t.call("POST", `/v1/customers/${customer.id}/keys`)).json.key;
  t.client.close();
  for (const res of [await t.call("GET", "/v1/plans"), await t.call("POST", "/v1/check", { body: { key } })]) {
    expect([res.status, res.json.error.code]).toEqual([503, "store_unavailable"]);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.headers.get("www-authenticate")).toBeNull();
  }
});
