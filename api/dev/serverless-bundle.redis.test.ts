// The bundles that Lambda and Vercel run, run here by plain `node` (no tsx, no TypeScript, nothing from the checkout
// but the function's own folder): each builds the service, counts in a real Redis and answers the contract.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type RedisServer, startRedis } from "./redis-server";
import { bundleLambda, bundleVercel } from "./serverless-bundle";
import { startUpstashEndpoint, type UpstashEndpoint } from "./upstash-endpoint";

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "bouncer-bundle-"));
const env = { PATH: process.env.PATH, ADMIN_TOKEN: "bundle-admin-token-0123456789", LOG_LEVEL: "error" };
let redis: RedisServer;
let upstash: UpstashEndpoint;

beforeAll(async () => {
  redis = await startRedis();
  upstash = await startUpstashEndpoint({ redisUrl: redis.url });
});
afterAll(async () => {
  await upstash?.close();
  await redis?.stop();
});

// Makes a plan of 2 a day, a customer, a key and a service token, then checks three times: what each answered.
const scenario = `
const admin = { authorization: "Bearer bundle-admin-token-0123456789" };
const json = { "content-type": "application/json" };
const plan = await call("POST", "/v1/plans", { ...admin, ...json }, { id: "two", name: "Two", perDay: 2 });
const customer = await call("POST", "/v1/customers", { ...admin, ...json }, { name: "Acme", planId: "two" });
const key = await call("POST", "/v1/customers/" + customer.body.id + "/keys", admin);
const token = await call("POST", "/v1/tokens", { ...admin, ...json }, { name: "svc", role: "service" });
const service = { authorization: "Bearer " + token.body.token, ...json };
const checks = [];
for (let i = 0; i < 3; i++) checks.push(await call("POST", "/v1/check", service, { key: key.body.key }));
const docs = await call("GET", "/docs/scalar.js", {});
console.log(JSON.stringify({ statuses: [plan, customer, key, token].map((a) => a.status), checks, docs: docs.status }));
`;

function expectContract(answer: string) {
  const { statuses, checks, docs } = JSON.parse(answer);
  expect(statuses).toEqual([201, 201, 201, 201]);
  expect(checks.map((c: { status: number }) => c.status)).toEqual([200, 200, 429]);
  expect(checks[1].body).toMatchObject({ allowed: true, limit: 2, remaining: 0, degraded: false });
  expect(checks[1].headers["ratelimit-policy"]).toBe('"day";q=2;w=86400');
  expect(checks[2].headers["retry-after"]).toBe(String(checks[2].body.retryAfter));
  expect(docs).toBe(200);
}

test("the Lambda bundle answers API Gateway v2 events, counting in Redis", async () => {
  const outdir = join(dir, "lambda");
  await bundleLambda(outdir);
  const invoke = `
const { handler } = await import("./index.mjs");
async function call(method, path, headers, body) {
  const result = await handler({
    version: "2.0", routeKey: "$default", rawPath: path, rawQueryString: "",
    headers: { host: "r3pmxmplak.execute-api.eu-west-1.amazonaws.com", ...headers },
    requestContext: { domainName: "r3pmxmplak.execute-api.eu-west-1.amazonaws.com", http: { method, path } },
    body: body === undefined ? null : JSON.stringify(body), isBase64Encoded: false,
  });
  const text = result.isBase64Encoded ? "" : result.body;
  return { status: result.statusCode, headers: result.headers, body: text.startsWith("{") ? JSON.parse(text) : text };
}`;
  const { stdout } = await run(
    process.execPath,
    ["--input-type=module", "-e", `${invoke + scenario}process.exit(0);`],
    {
      cwd: outdir,
      env: { ...env, DATABASE_URL: `file:${join(dir, "lambda.db")}`, REDIS_URL: redis.url },
    },
  );
  expectContract(stdout);
});

test("the Vercel function answers through Node's (req, res), counting through the Upstash endpoint", async () => {
  const output = join(dir, "vercel");
  await bundleVercel(output);
  const serve = `
import { createServer } from "node:http";
const { default: listener } = await import("./index.mjs");
const server = createServer(listener).listen(0, "127.0.0.1");
await new Promise((r) => server.once("listening", r));
async function call(method, path, headers, body) {
  const response = await fetch("http://127.0.0.1:" + server.address().port + path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: Object.fromEntries(response.headers), body: text.startsWith("{") ? JSON.parse(text) : "" };
}`;
  const { stdout } = await run(
    process.execPath,
    ["--input-type=module", "-e", `${serve + scenario}server.close();process.exit(0);`],
    {
      cwd: join(output, "functions/index.func"),
      env: {
        ...env,
        DATABASE_URL: `file:${join(dir, "vercel.db")}`,
        UPSTASH_REDIS_REST_URL: upstash.url,
        UPSTASH_REDIS_REST_TOKEN: upstash.token,
      },
    },
  );
  expectContract(stdout);
});
