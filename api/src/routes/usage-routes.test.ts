// Each reading of usage is one definition served twice: for a customer by id, and for the customer a key belongs to.
// Both routes of a reading answer alike, and each /v1/me reading is a 404 for a bearer that belongs to no customer.
import { beforeEach, expect, test } from "vitest";
import { createMemoryStore } from "../quota/stores/memory-store";
import { type TestApp, testApp } from "../testing/test-app";
import { customerWithKey } from "./testing/fixtures";
import { usageOverrides, usagePlan } from "./testing/usage";

const READINGS = ["/usage", "/usage/history?minutes=5", "/usage/daily?days=3"];

let t: TestApp;
let customerId: string;
let key: string;
let service: string;

beforeEach(async () => {
  // One instant for the server and its counters, so both routes of a reading read the same minutes and days.
  const now = () => Date.parse("2026-11-30T10:41:30.000Z");
  t = await testApp({ counters: createMemoryStore({ now }), now });
  ({ customerId, key, service } = await customerWithKey(t, usagePlan, usageOverrides));
  await t.call("POST", "/v1/check", { token: service, body: { key, cost: 2 } });
});

test.each(READINGS)("%s: a customer by id and its own key read the same answer", async (reading) => {
  const byId = await t.call("GET", `/v1/customers/${customerId}${reading}`);
  const mine = await t.call("GET", `/v1/me${reading}`, { token: key });
  expect([byId.status, mine.status]).toEqual([200, 200]);
  expect(mine.json).toEqual(byId.json);
});

test.each(READINGS)("%s: an admin's or a service's bearer has no /v1/me", async (reading) => {
  for (const token of [undefined, service]) {
    const answer = await t.call("GET", `/v1/me${reading}`, token ? { token } : {});
    // A service may not call /v1/me at all (403); the admin may, and is no customer (404).
    expect(answer.status).toBe(token ? 403 : 404);
    if (!token) expect(answer.json.error.message).toBe("this bearer belongs to no customer");
  }
});
