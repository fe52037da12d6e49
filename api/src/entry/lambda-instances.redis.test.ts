// Lambda runs many instances of the function, each with its own caches and connections: three of them here (the
// entry's module loaded three times), on one Redis and one database, hold the contract together.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { type RedisServer, startRedis } from "../../dev/redis-server";
import { invokeLambda } from "./testing/lambda-events";
import { ADMIN_TOKEN, baseEnv, type Invoke } from "./testing/serverless-contract";

const TTL_MS = 500;
let redis: RedisServer;
const instances: Invoke[] = [];
let service: string;
let key: { id: string; key: string };

beforeAll(async () => {
  redis = await startRedis();
  const dir = mkdtempSync(join(tmpdir(), "bouncer-lambda-instances-"));
  Object.assign(process.env, baseEnv(`file:${join(dir, "quota.db")}`), {
    REDIS_URL: redis.url,
    CONFIG_CACHE_TTL_MS: String(TTL_MS),
  });
  for (let i = 0; i < 3; i++) {
    vi.resetModules();
    instances.push(invokeLambda((await import("./lambda")).handler));
  }
  const [first] = instances as [Invoke];
  await first("POST", "/v1/plans", { token: ADMIN_TOKEN, body: { id: "daily", name: "Daily", perDay: 100 } });
  const customer = await first("POST", "/v1/customers", {
    token: ADMIN_TOKEN,
    body: { name: "Acme", planId: "daily" },
  });
  key = (await first("POST", `/v1/customers/${customer.json.id}/keys`, { token: ADMIN_TOKEN })).json;
  service = (await first("POST", "/v1/tokens", { token: ADMIN_TOKEN, body: { name: "svc", role: "service" } })).json
    .token;
});
afterAll(() => redis?.stop());

const check = (instance: Invoke) => instance("POST", "/v1/check", { token: service, body: { key: key.key } });

test("300 concurrent checks spread over three instances against a limit of 100 allow exactly 100", async () => {
  const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => check(instances[i % 3] as Invoke)));
  expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
  expect(answers.filter((a) => a.status === 429)).toHaveLength(200);
  // Each instance counts only what it answered itself.
  const allowed = await Promise.all(
    instances.map(async (instance) => {
      const metrics = (await instance("GET", "/metrics", { token: null })).text ?? "";
      return Number(/bouncer_checks_total\{result="allowed"\} (\d+)/.exec(metrics)?.[1]);
    }),
  );
  expect(allowed.reduce((sum, n) => sum + n, 0)).toBe(100);
});

test("a key revoked through one instance is refused by the others within CONFIG_CACHE_TTL_MS", async () => {
  const [first, second, third] = instances as [Invoke, Invoke, Invoke];
  expect((await check(third)).status).toBe(429);
  expect((await first("DELETE", `/v1/keys/${key.id}`, { token: ADMIN_TOKEN })).status).toBe(204);
  expect((await check(first)).status).toBe(403);
  // The others learn of it from the database's change counter. Left alone for a TTL at least (a loaded machine only
  // makes that longer; the 100 ms over it are for clocks that read whole milliseconds), an instance's change watcher
  // is a whole period late, so its next request waits for it.
  await new Promise((r) => setTimeout(r, TTL_MS + 100));
  for (const instance of [second, third]) expect((await check(instance)).status).toBe(403);
});
