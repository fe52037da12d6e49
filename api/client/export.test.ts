// The package's `./client` export resolves, as a backend importing "bouncer/client" would see it.
import { createClient, rateLimit } from "bouncer/client";
import { expect, test } from "vitest";

test("bouncer/client exports the client and the middleware", () => {
  expect(typeof createClient).toBe("function");
  expect(typeof rateLimit).toBe("function");
  const client = createClient({ baseUrl: "http://127.0.0.1:1", token: "t" });
  for (const method of [client.check, client.refund, client.usage, client.dailyUsage])
    expect(typeof method).toBe("function");
});
