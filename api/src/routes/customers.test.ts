import { expect, test } from "vitest";
import { createMemoryStore } from "../quota/stores/memory-store";
import { scheduleByHand } from "../testing/schedule-by-hand";
import { nodeHost, testApp } from "../testing/test-app";
import { describeCustomerRoutes } from "./testing/customers";

describeCustomerRoutes(nodeHost);

test("a customer made again with its id starts with every limit full, though another server counted its old key after the delete", async () => {
  const counters = createMemoryStore();
  // Server b learns of changes only when its watcher runs, which this test never does: it knows the old key still.
  const a = await testApp({ counters });
  const b = await testApp({ url: a.url, counters, schedule: scheduleByHand().schedule, cacheTtlMs: 60_000 });
  expect((await a.call("POST", "/v1/plans", { body: { id: "hour20", name: "Hour 20", perHour: 20 } })).status).toBe(
    201,
  );
  const made = await a.call("POST", "/v1/customers", { body: { id: "acme", name: "Acme", planId: "hour20" } });
  expect(made.status).toBe(201);
  const key = (await a.call("POST", "/v1/customers/acme/keys")).json.key;
  expect((await b.call("POST", "/v1/check", { body: { key } })).status).toBe(200);
  expect((await a.call("DELETE", "/v1/customers/acme")).status).toBe(204);
  for (let i = 0; i < 10; i++) expect((await b.call("POST", "/v1/check", { body: { key } })).status).toBe(200);
  expect((await a.call("POST", "/v1/customers", { body: { id: "acme", name: "Acme", planId: "hour20" } })).status).toBe(
    201,
  );
  const usage = await a.call("GET", "/v1/customers/acme/usage");
  expect(usage.json.limits).toMatchObject([{ name: "hour", limit: 20, remaining: 20 }]);
});
