// A serverless instance's first request is its start-up: a bad environment fails it, and every request after it,
// with the one line that names the variable, until the environment is right.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LambdaEvent } from "hono/aws-lambda";
import { afterEach, expect, test, vi } from "vitest";
import { handler } from "./lambda";
import vercel from "./vercel";

const dir = mkdtempSync(join(tmpdir(), "bouncer-first-request-"));
const lines = vi.spyOn(console, "error").mockImplementation(() => {});
afterEach(() => lines.mockClear());

const healthz = {
  version: "2.0",
  routeKey: "$default",
  rawPath: "/healthz",
  rawQueryString: "",
  headers: { host: "r3pmxmplak.execute-api.eu-west-1.amazonaws.com" },
  requestContext: { domainName: "r3pmxmplak.execute-api.eu-west-1.amazonaws.com", http: { method: "GET" } },
  body: null,
  isBase64Encoded: false,
} as unknown as LambdaEvent;
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
  Object.assign(process.env, { DATABASE_URL: `file:${join(dir, "quota.db")}`, COUNTER_STORE: "memory" });
  const lambda = await handler(healthz);
  expect([lambda.statusCode, JSON.parse(lambda.body)]).toEqual([200, { status: "ok" }]);
  const response = await vercel.fetch(healthzRequest());
  expect([response.status, await response.json()]).toEqual([200, { status: "ok" }]);
  expect(lines).not.toHaveBeenCalled();
});
