// failMode "local" on Cloudflare Workers (testing/local-outage-scenario.ts): three Worker instances in real workerd,
// each with its own memory of the outage, sharing one D1 and the Upstash endpoint, which the test stops and starts
// again on its port. Their background work (presence, adding what they allowed) runs from their requests.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, test } from "vitest";
import { startRedis } from "../../dev/redis-server";
import type { ServerProcess } from "../../dev/server-process";
import { startUpstashEndpoint, type UpstashEndpoint } from "../../dev/upstash-endpoint";
import { startWorker } from "../../dev/worker-process";
import { ADMIN, heldToShares } from "./testing/local-outage-scenario";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test("three Worker instances hold a local plan to their shares while the Upstash endpoint is stopped, and add what they allowed once it is back", async () => {
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  let endpoint: UpstashEndpoint = await startUpstashEndpoint({ redisUrl: redis.url });
  cleanups.push(() => endpoint.close());
  const { port, token } = endpoint;
  const shared = mkdtempSync(join(tmpdir(), "bouncer-worker-local-"));
  cleanups.push(() => rmSync(shared, { recursive: true, force: true }));
  const env = {
    UPSTASH_REDIS_REST_URL: endpoint.url,
    UPSTASH_REDIS_REST_TOKEN: token,
    ADMIN_TOKEN: ADMIN,
    // 300 requests at once into one local isolate wait for its one thread, and that wait counts against each call.
    STORE_TIMEOUT_MS: "2000",
  };
  const servers: ServerProcess[] = [];
  for (let i = 0; i < 3; i++) {
    const worker = await startWorker(env, shared);
    servers.push(worker);
    cleanups.push(() => worker.kill("SIGTERM"));
  }
  const held = await heldToShares(servers, {
    env,
    begin: () => endpoint.close(),
    async end() {
      endpoint = await startUpstashEndpoint({ redisUrl: redis.url, port, token });
    },
  });
  console.log("worker instances, upstash endpoint stopped", held);
}, 240_000);
