// Lambda freezes an instance between invocations (Vercel suspends an idle one): here the built function runs in a
// process of its own that the test stops with SIGSTOP and thaws with SIGCONT, longer than the store keeps an idle
// connection open. The checks after each thaw must be answered by the store, not by the plan's fail mode.
import { execFile, fork } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type RedisServer, startRedis } from "./redis-server";
import { bundleLambda } from "./serverless-bundle";
import { startUpstashEndpoint, type UpstashEndpoint } from "./upstash-endpoint";

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "bouncer-freeze-"));
const ADMIN_TOKEN = "freeze-admin-token-0123456789";
let redis: RedisServer;
let upstash: UpstashEndpoint;

// The function's process: sets up a metered plan (fails closed) and a key, then answers "check" messages through
// the handler with API Gateway v2 events, replying with each check's status.
const instance = `
const { handler } = await import("./index.mjs");
const event = (method, path, token, body) => ({
  version: "2.0", routeKey: "$default", rawPath: path, rawQueryString: "",
  headers: { host: "r3pmxmplak.execute-api.eu-west-1.amazonaws.com", "content-type": "application/json", authorization: "Bearer " + token },
  requestContext: { domainName: "r3pmxmplak.execute-api.eu-west-1.amazonaws.com", http: { method, path } },
  body: body === undefined ? null : JSON.stringify(body), isBase64Encoded: false,
});
const call = async (method, path, token, body) => JSON.parse((await handler(event(method, path, token, body))).body);
const admin = ${JSON.stringify(ADMIN_TOKEN)};
await call("POST", "/v1/plans", admin, { id: "metered", name: "Metered", perDay: 1000, failMode: "closed" });
const customer = await call("POST", "/v1/customers", admin, { name: "Acme", planId: "metered" });
const { key } = await call("POST", "/v1/customers/" + customer.id + "/keys", admin);
const { token } = await call("POST", "/v1/tokens", admin, { name: "svc", role: "service" });
process.on("message", async () => {
  process.send((await handler(event("POST", "/v1/check", token, { key }))).statusCode);
});
process.send("ready");
`;

beforeAll(async () => {
  redis = await startRedis();
  // Redis closes a client idle for a second, as a server with `timeout` set does (and a load balancer would).
  await run("redis-cli", ["-p", String(redis.port), "CONFIG", "SET", "timeout", "1"]);
  upstash = await startUpstashEndpoint({ redisUrl: redis.url });
  await bundleLambda(join(dir, "function"));
  writeFileSync(join(dir, "function/instance.mjs"), instance);
});
afterAll(async () => {
  await upstash?.close();
  await redis?.stop();
});

async function connectionsReceived(): Promise<number> {
  const { stdout } = await run("redis-cli", ["-p", String(redis.port), "INFO", "stats"]);
  return Number(/total_connections_received:(\d+)/.exec(stdout)?.[1]);
}

/** Starts the instance, checks, then freezes it `times` times for `frozenMs` and checks twice after each thaw. */
async function freezeAndCheck(env: Record<string, string>, frozenMs: number, times: number): Promise<unknown[]> {
  const child = fork(join(dir, "function/instance.mjs"), [], {
    cwd: join(dir, "function"),
    // Who answers is what this shows, not how soon: on a loaded machine reconnecting after a thaw has taken longer
    // than the default budget of 100 ms, and a connection found gone answers at once, whatever the budget.
    env: { PATH: process.env.PATH, ADMIN_TOKEN, LOG_LEVEL: "silent", STORE_TIMEOUT_MS: "5000", ...env },
  });
  const reply = () => new Promise((resolve) => child.once("message", resolve));
  const check = () => {
    const answer = reply();
    child.send("check");
    return answer;
  };
  try {
    expect(await reply()).toBe("ready");
    const statuses = [await check()];
    for (let i = 0; i < times; i++) {
      child.kill("SIGSTOP");
      await sleep(frozenMs);
      child.kill("SIGCONT");
      statuses.push(await check(), await check());
    }
    return statuses;
  } finally {
    child.kill("SIGKILL");
  }
}

test.concurrent("an instance thawed after Redis closed its idle connection answers from Redis, not by fail mode", async () => {
  const before = await connectionsReceived();
  const statuses = await freezeAndCheck(
    { DATABASE_URL: `file:${join(dir, "redis.db")}`, REDIS_URL: redis.url },
    3000,
    3,
  );
  expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
  // The connection was closed while the instance was frozen and opened again after each thaw.
  expect((await connectionsReceived()) - before).toBeGreaterThanOrEqual(4);
});

test.concurrent("an instance thawed after the Upstash endpoint closed its idle keep-alive connection answers from Upstash", async () => {
  // Node's HTTP server, the endpoint's, closes a keep-alive connection idle for 5 s.
  const statuses = await freezeAndCheck(
    {
      DATABASE_URL: `file:${join(dir, "upstash.db")}`,
      UPSTASH_REDIS_REST_URL: upstash.url,
      UPSTASH_REDIS_REST_TOKEN: upstash.token,
    },
    6000,
    2,
  );
  expect(statuses).toEqual([200, 200, 200, 200, 200]);
});
