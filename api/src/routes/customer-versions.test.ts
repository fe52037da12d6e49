// The customer-versions suite (testing/customer-versions.ts) in process, and a row written straight into the database.
import { expect, test } from "vitest";
import { nodeHost, testApp } from "../testing/test-app";
import { describeCustomerVersions } from "./testing/customer-versions";

describeCustomerVersions(nodeHost);

test("a customer stored before versions were shown keeps the version its edits counted", async () => {
  const t = await testApp();
  await t.call("POST", "/v1/plans", { body: { id: "pro", name: "Pro", perMinute: 100 } });
  // The version column has counted every change since the first release; six edits left this row at 7.
  await t.client.execute(
    "INSERT INTO customers (id, name, plan_id, overrides, version, created_at, updated_at) VALUES ('old', 'Old', 'pro', NULL, 7, '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z')",
  );
  const read = await t.call("GET", "/v1/customers/old");
  expect(read.json.version).toBe(7);
  expect(read.headers.get("etag")).toBe('"7"');
  const listed = (await t.call("GET", "/v1/customers")).json.customers;
  expect(listed.find((c: { id: string }) => c.id === "old")).toMatchObject({ version: 7 });
  const edited = await t.call("PATCH", "/v1/customers/old", {
    body: { name: "Older" },
    headers: { "if-match": '"7"' },
  });
  expect(edited.json.version).toBe(8);
});
