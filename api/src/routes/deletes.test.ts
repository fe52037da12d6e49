// Every DELETE takes no body (contract section 8: bad input changes nothing): none, or {}, and anything else is
// refused before the route deletes or revokes anything.
import { expect, test } from "vitest";
import { testApp } from "../testing/test-app";
import { HOOK } from "./testing/webhooks";

test("a DELETE with a body other than {} is refused, 415 or 400, and deletes nothing; with {} it deletes", async () => {
  const t = await testApp();
  expect((await t.call("POST", "/v1/plans", { body: { id: "pro", name: "Pro", perHour: 10 } })).status).toBe(201);
  expect((await t.call("POST", "/v1/plans", { body: { id: "spare", name: "Spare", perHour: 10 } })).status).toBe(201);
  const customer = (await t.call("POST", "/v1/customers", { body: { name: "Acme", planId: "pro" } })).json.id;
  const key = (await t.call("POST", `/v1/customers/${customer}/keys`)).json.id;
  const token = (await t.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json.id;
  const webhook = (await t.call("POST", "/v1/webhooks", { body: HOOK })).json.id;
  const paths = [
    `/v1/keys/${key}`,
    `/v1/tokens/${token}`,
    `/v1/webhooks/${webhook}`,
    `/v1/customers/${customer}`,
    "/v1/plans/spare",
  ];
  const state = async () =>
    Promise.all(
      [
        `/v1/customers/${customer}/keys`,
        "/v1/tokens",
        "/v1/webhooks",
        `/v1/customers/${customer}`,
        "/v1/plans/spare",
      ].map(async (path) => (await t.call("GET", path)).text),
    );
  const before = await state();
  const refused = [
    [415, { body: "not json at all", headers: { "content-type": "text/plain" } }],
    [400, { body: "{", headers: { "content-type": "application/json" } }],
    [400, { body: { force: true } }],
    [400, { body: [] }],
  ] as const;
  for (const path of paths) {
    for (const [status, options] of refused) {
      const res = await t.call("DELETE", path, options);
      expect(res.status, `${path} ${JSON.stringify(options)}`).toBe(status);
      expect(res.json.error.code).toBe(status === 415 ? "unsupported_media_type" : "invalid_request");
    }
  }
  expect(await state()).toEqual(before);
  for (const path of paths) expect((await t.call("DELETE", path, { body: {} })).status, path).toBe(204);
  expect((await t.call("GET", `/v1/customers/${customer}`)).status).toBe(404);
  expect((await t.call("GET", "/v1/plans/spare")).status).toBe(404);
});
