// WEBHOOK_ALLOW_PRIVATE from the environment to the route that registers receivers, through the service every Node,
// Lambda and Vercel entry builds (serviceFromEnv).
import { expect, test } from "vitest";
import { serviceFromEnv } from "../entry/service-from-env";
import { tempDatabaseUrl } from "../testing/temp-database";

const ADMIN = "allow-private-test-admin-token";

async function register(env: Record<string, string>) {
  const url = tempDatabaseUrl("webhooks");
  const result = await serviceFromEnv({ DATABASE_URL: url, ADMIN_TOKEN: ADMIN, LOG_LEVEL: "silent", ...env });
  if (!result.ok) throw new Error(result.error);
  const { service, config } = result.built;
  try {
    const res = await service.app.request("/v1/webhooks", {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
      body: JSON.stringify({ url: "https://10.20.30.40/hooks", events: ["usage.threshold"] }),
    });
    return res.status;
  } finally {
    await service.close();
    config.close();
    result.built.db.$client.close();
  }
}

test("a private receiver is refused by default and accepted with WEBHOOK_ALLOW_PRIVATE=1", async () => {
  expect(await register({})).toBe(400);
  expect(await register({ WEBHOOK_ALLOW_PRIVATE: "0" })).toBe(400);
  expect(await register({ WEBHOOK_ALLOW_PRIVATE: "1" })).toBe(201);
});
