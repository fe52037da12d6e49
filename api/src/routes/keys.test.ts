// The key suite (testing/keys.ts) in process, and what needs the in-process app: a second server on the same database
// file, and the database's rows.
import { beforeEach, describe, expect, test } from "vitest";
import { scheduleByHand } from "../testing/schedule-by-hand";
import { nodeHost, type TestApp, testApp } from "../testing/test-app";
import { customerOnPlan, describeKeyRoutes } from "./testing/keys";

describeKeyRoutes(nodeHost);

describe("API keys in the database", () => {
  let t: TestApp;
  let customerId: string;
  beforeEach(async () => {
    t = await testApp();
    customerId = await customerOnPlan(t);
  });

  // The other server's change watcher runs when the test says (schedule-by-hand.ts), not after a sleep a loaded
  // machine could outrun.
  test("a revoked key keeps working on another server only until its change watcher runs", async () => {
    const { schedule, watcher, started } = scheduleByHand();
    const other = await testApp({ url: t.url, schedule });
    await started();
    const made = await t.call("POST", `/v1/customers/${customerId}/keys`);
    expect((await other.call("GET", "/v1/plans", { token: made.json.key })).status).toBe(403);
    await t.call("DELETE", `/v1/keys/${made.json.id}`);
    expect((await other.call("GET", "/v1/plans", { token: made.json.key })).status).toBe(403);
    await watcher().run();
    expect((await other.call("GET", "/v1/plans", { token: made.json.key })).status).toBe(401);
  });

  test("only a hash of each key is stored", async () => {
    const made = await t.call("POST", `/v1/customers/${customerId}/keys`);
    const rows = await t.client.execute("SELECT * FROM api_keys");
    expect(JSON.stringify(rows.rows)).not.toContain(made.json.key);
    expect(rows.rows[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
