import { beforeAll, describe, expect, test } from "vitest";
import { type Call, nodeHost } from "../testing/test-app";

// Every whole number a route reads from its query string, with a value it takes.
const COUNTS = [
  ["/v1/customers", "limit", "10"],
  ["/v1/usage", "limit", "10"],
  ["/v1/audit", "limit", "10"],
  ["/v1/webhooks/{webhook}/deliveries", "limit", "10"],
  ["/v1/customers/acme/usage/daily", "days", "10"],
  ["/v1/customers/acme/usage/history", "minutes", "10"],
] as const;

// Number() takes each of these as some number (16, 100, 10, 10, 10, 10, 0): none is a whole number as written.
const NOT_DIGITS = ["0x10", "1e2", "%2010", "10%20", "%2B10", "10.0", ""];

describe("whole numbers in a query string", () => {
  let call: Call;
  let webhook: string;
  beforeAll(async () => {
    ({ call } = await nodeHost.fresh());
    await call("POST", "/v1/plans", { body: { id: "pro", name: "Pro", perMinute: 100 } });
    await call("POST", "/v1/customers", { body: { id: "acme", name: "Acme", planId: "pro" } });
    webhook = (
      await call("POST", "/v1/webhooks", { body: { url: "https://example.com/hook", events: ["usage.threshold"] } })
    ).json.id;
  });
  const at = (path: string, query: string) => `${path.replace("{webhook}", webhook)}?${query}`;

  test.each(COUNTS)("%s?%s= takes decimal digits", async (path, name, value) => {
    expect((await call("GET", at(path, `${name}=${value}`))).status).toBe(200);
  });

  test.each(COUNTS.flatMap(([path, name]) => NOT_DIGITS.map((text) => [path, name, text])))(
    "%s?%s=%s is a 400 invalid_request",
    async (path, name, text) => {
      const res = await call("GET", at(path, `${name}=${text}`));
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: "invalid_request" });
      expect(res.json.error.message).toContain(name);
    },
  );
});
