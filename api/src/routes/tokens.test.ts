// The token suite (testing/tokens.ts) in process, and what only the in-process app can show: the database's rows.
import { expect, test } from "vitest";
import { nodeHost, testApp } from "../testing/test-app";
import { describeTokenRoutes } from "./testing/tokens";

describeTokenRoutes(nodeHost);

test("only a hash of each token is stored", async () => {
  const t = await testApp();
  const made = await t.call("POST", "/v1/tokens", { body: { name: "ops", role: "admin" } });
  const rows = await t.client.execute("SELECT * FROM tokens");
  expect(JSON.stringify(rows.rows)).not.toContain(made.json.token);
});
