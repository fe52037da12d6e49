// A serverless instance's first request is its start-up: a bad environment fails it, and every request after it,
// with the one line that names the variable, until the environment is right.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LambdaEvent } from "hono/aws-lambda";
import { afterEach, expect, test, vi } from "vitest";
import { handler } from "./lambda";
import { type BuiltService, serviceFromEnv } from "./service-from-env";
import vercel from "./vercel";

const dir = mkdtempSync(join(tmpdir(), "bouncer-first-request-"));
const lines = vi.spyOn(console, "error").mockImplementation(() => {});
afterEach(() => lines.mockClear());

/** An API Gateway v2 event, with only what the adapter reads. */
const event = (method: string, rawPath: string, headers: Record<string, string> = {}, body: string | null = null) =>
  ({
    version: "2.0",
    routeKey: "$default",
    rawPath,
    rawQueryString: "",
    headers: { host: "r3pmxmplak.execute-api.eu-west-1.amazonaws.com", ...headers },
    requestContext: { domainName: "r3pmxmplak.execute-api.eu-west-1.amazonaws.com", http: { method } },
    body,
    isBase64Encoded: false,
  }) as unknown as LambdaEvent;
const healthz = event("GET", "/healthz");
const healthzRequest = () => new Request("https://bouncer.vercel.app/healthz");

test("a bad value fails each request with the line that names it, logged, and nothing answers", async () => {
  Object.assign(process.env, {
    LOG_LEVEL: "error",
    DATABASE_URL: `file:${join(dir, "quota.db")}`,
    COUNTER_STORE: "memcached",
  });
  const line = 'Invalid configuration: COUNTER_STORE must be memory, redis or upstash, got "memcached"';
  await expect(handler(healthz)).rejects.toThrow(line);
  await expect(handler(healthz)).rejects.toThrow(line);
  await expect(vercel.fetch(healthzRequest())).rejects.toThrow(line);
  expect(lines.mock.calls).toEqual([[line], [line], [line]]);
});

test("a config store that cannot be written fails the request naming DATABASE_URL", async () => {
  Object.assign(process.env, { DATABASE_URL: `file:${dir}`, COUNTER_STORE: "memory" });
  await expect(vercel.fetch(healthzRequest())).rejects.toThrow(
    `DATABASE_URL file:${dir} cannot be opened for writing: ${dir} is a directory`,
  );
  expect(lines).toHaveBeenCalledOnce();
});

test("a failure is not kept: once the environment is right, the next request builds the service and answers", async () => {
  Object.assign(process.env, {
    DATABASE_URL: `file:${join(dir, "quota.db")}`,
    COUNTER_STORE: "memory",
    CONFIG_CACHE_TTL_MS: "200",
  });
  const lambda = await handler(healthz);
  expect([lambda.statusCode, JSON.parse(lambda.body)]).toEqual([200, { status: "ok" }]);
  const response = await vercel.fetch(healthzRequest());
  expect([response.status, await response.json()]).toEqual([200, { status: "ok" }]);
  expect(lines).not.toHaveBeenCalled();
});

test("the first request after an idle spell sees a key revoked meanwhile on another instance", async () => {
  // Nothing runs between requests, as on a frozen instance: the change watcher runs from requests, and a request
  // waits for it when a whole period has passed since it was due.
  const other = await serviceFromEnv({ ...process.env, ADMIN_TOKEN: "first-request-admin-token" });
  if (!other.ok) throw new Error(other.error);
  const { app } = other.built.service;
  const admin = { authorization: "Bearer first-request-admin-token", "content-type": "application/json" };
  const post = async (path: string, body?: unknown) =>
    (await app.request(path, { method: "POST", headers: admin, body: JSON.stringify(body ?? {}) })).json();
  await post("/v1/plans", { id: "idle", name: "Idle", perDay: 1000 });
  const customer = await post("/v1/customers", { name: "Idle Ltd", planId: "idle" });
  const key = await post(`/v1/customers/${customer.id}/keys`);
  const service = await post("/v1/tokens", { name: "svc", role: "service" });
  const check = async () => {
    const headers = { authorization: `Bearer ${service.token}`, "content-type": "application/json" };
    const result = await handler(event("POST", "/v1/check", headers, JSON.stringify({ key: key.key })));
    return result.statusCode;
  };
  expect(await check()).toBe(200);
  expect((await app.request(`/v1/keys/${key.id}`, { method: "DELETE", headers: admin })).status).toBe(204);
  // Idle for more than CONFIG_CACHE_TTL_MS (200 ms): no request, so no work, on this instance.
  await new Promise((r) => setTimeout(r, 500));
  expect(await check()).toBe(403);
  await closeOther(other.built);
});

async function closeOther({ service, counters, config, db }: BuiltService) {
  await service.close();
  await counters.close();
  config.close();
  db.$client.close();
}
