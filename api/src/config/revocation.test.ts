// How soon another server refuses a revoked key (CONFIG_CACHE_TTL_MS), on a schedule the test runs by hand: the
// change watcher comes due every half TTL, and one run of it after the revocation is enough. No real time is waited.
import { expect, test } from "vitest";
import { scheduleByHand } from "../testing/schedule-by-hand";
import { testApp } from "../testing/test-app";

const TTL_MS = 2000;

test("a key revoked on one server is refused by another once its change watcher, due every half TTL, has run", async () => {
  const revoking = await testApp();
  const { schedule, tasks, started } = scheduleByHand();
  const other = await testApp({ url: revoking.url, cacheTtlMs: TTL_MS, schedule });
  await started();
  // The watcher is the one task whose runs bound how stale an answer may be. Due every half TTL, a run starts
  // within TTL / 2 of any revocation, which leaves the other half for the read it makes.
  const [watcher, ...others] = tasks.filter((task) => task.bounds);
  expect(others).toEqual([]);
  expect(watcher?.everyMs).toBeLessThanOrEqual(TTL_MS / 2);

  await revoking.call("POST", "/v1/plans", { body: { id: "base", name: "Base", perMinute: 1000 } });
  const customer = (await revoking.call("POST", "/v1/customers", { body: { name: "Acme", planId: "base" } })).json;
  const key = (await revoking.call("POST", `/v1/customers/${customer.id}/keys`)).json;
  const service = (await revoking.call("POST", "/v1/tokens", { body: { name: "svc", role: "service" } })).json.token;
  const answers = async (server: typeof other) => {
    const me = await server.call("GET", "/v1/me", { token: key.key });
    const check = await server.call("POST", "/v1/check", { token: service, body: { key: key.key } });
    return [me.status, check.status, check.json.error?.code];
  };
  // Both servers have the key cached as live.
  expect(await answers(revoking)).toEqual([200, 200, undefined]);
  expect(await answers(other)).toEqual([200, 200, undefined]);

  expect((await revoking.call("DELETE", `/v1/keys/${key.id}`)).status).toBe(204);
  expect(await answers(revoking)).toEqual([401, 403, "unknown_key"]);
  await watcher?.run();
  expect(await answers(other)).toEqual([401, 403, "unknown_key"]);
});

// Found by an audit: in the window before the other server's watcher ran, a deleted customer's key was still known
// there and GET /v1/me answered 404 "the customer of this key no longer exists"; a key whose customer is gone is a
// revoked key, 401 as on the server that deleted it.
test("a deleted customer's key gets 401 from /v1/me on every server, before and after the watcher has run", async () => {
  const deleting = await testApp();
  const { schedule, tasks, started } = scheduleByHand();
  const other = await testApp({ url: deleting.url, cacheTtlMs: TTL_MS, schedule });
  await started();
  const watcher = tasks.find((task) => task.bounds);
  await deleting.call("POST", "/v1/plans", { body: { id: "base", name: "Base", perMinute: 1000 } });
  const customer = (await deleting.call("POST", "/v1/customers", { body: { name: "Acme", planId: "base" } })).json;
  const key = (await deleting.call("POST", `/v1/customers/${customer.id}/keys`)).json;
  const me = async (server: typeof other) => {
    const answer = await server.call("GET", "/v1/me", { token: key.key });
    return [answer.status, answer.json.error?.code, answer.headers.get("www-authenticate")];
  };
  expect((await me(other))[0]).toBe(200);

  expect((await deleting.call("DELETE", `/v1/customers/${customer.id}`)).status).toBe(204);
  const revoked = [401, "unauthorized", 'Bearer error="invalid_token"'];
  expect(await me(deleting)).toEqual(revoked);
  expect(await me(other)).toEqual(revoked);
  await watcher?.run();
  expect(await me(other)).toEqual(revoked);
});
