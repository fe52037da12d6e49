// POST /v1/refund in process (contract section 5): what it gives back, and bad bodies refused with nothing changed.
import { expect, test } from "vitest";
import { nodeHost } from "../testing/test-app";
import { customerWithKey } from "./testing/fixtures";

test("a refund gives cost back to the check's limits; a body a refund does not take is 400 and changes nothing", async () => {
  const t = await nodeHost.fresh();
  const { customerId, key, service } = await customerWithKey(t, { id: "pro", name: "Pro", perHour: 100, perDay: 1000 });
  const call = (body: unknown) => t.call("POST", "/v1/refund", { token: service, body });
  const left = async () =>
    (await t.call("GET", `/v1/customers/${customerId}/usage`, { token: service })).json.limits.map(
      (l: { remaining: number }) => l.remaining,
    );
  expect((await t.call("POST", "/v1/check", { token: service, body: { key, cost: 10 } })).status).toBe(200);
  expect(await left()).toEqual([90, 990]);

  for (const body of [
    {},
    { key, cost: 0 },
    { key, cost: "3" },
    { key, ip: "203.0.113.7", cost: 1 },
    { key, cost: 1, extra: true },
    // A check's lease fields mean nothing to a refund: refused, not ignored.
    { key, cost: 1, reserve: true },
    { key, cost: 1, leaseSeconds: 60 },
  ]) {
    const res = await call(body);
    expect([res.status, res.json.error.code], JSON.stringify(body)).toEqual([400, "invalid_request"]);
  }
  expect(await left()).toEqual([90, 990]);

  const refunded = await call({ key, cost: 4 });
  expect(refunded.status).toBe(200);
  expect(refunded.json.limits.map((l: { remaining: number }) => l.remaining)).toEqual([94, 994]);
});
