// The config store is durable: an app restarted on the same database file finds everything it had.
import { describe, expect, test } from "vitest";
import { testApp } from "../api/src/testing/test-app";

describe("restart", () => {
  test("plans, customers, keys and tokens survive a restart on the same database file", async () => {
    const first = await testApp();
    await first.call("POST", "/v1/plans", { body: { id: "pro", name: "Pro", burst: 20, perMinute: 100 } });
    const customer = (
      await first.call("POST", "/v1/customers", { body: { name: "Acme", planId: "pro", overrides: { burst: 5 } } })
    ).json;
    const key = (await first.call("POST", `/v1/customers/${customer.id}/keys`)).json;
    const token = (await first.call("POST", "/v1/tokens", { body: { name: "ops", role: "admin" } })).json;
    const plans = (await first.call("GET", "/v1/plans")).json;
    const audit = (await first.call("GET", "/v1/audit")).json;
    first.client.close();

    // Migrations run again on start and must leave the data alone.
    const second = await testApp({ url: first.url });
    expect((await second.call("GET", "/v1/plans")).json).toEqual(plans);
    expect((await second.call("GET", `/v1/customers/${customer.id}`)).json).toEqual(customer);
    expect((await second.call("GET", "/v1/audit")).json).toEqual(audit);
    expect((await second.call("GET", "/v1/plans", { token: token.token })).status).toBe(200);
    // The key still identifies its customer: it passes authentication and is refused only for its role.
    expect((await second.call("GET", "/v1/plans", { token: key.key })).status).toBe(403);
    const keys = (await second.call("GET", `/v1/customers/${customer.id}/keys`)).json.keys;
    expect(keys.map((k: { id: string }) => k.id)).toEqual([key.id]);
  });

  test("a database file is opened in WAL mode", async () => {
    const t = await testApp();
    const mode = await t.client.execute("PRAGMA journal_mode");
    expect(mode.rows[0]?.journal_mode).toBe("wal");
  });
});
