// `npm run dev:redis`: a local redis-server and an Upstash-compatible REST endpoint in front of it, until Ctrl-C.
import { createServer } from "node:net";
import { freePort, startRedis } from "./redis-server";
import { startUpstashEndpoint } from "./upstash-endpoint";

/** `preferred` if nothing listens on it, else any free port. */
function portOr(preferred: number): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once("error", () => resolve(freePort()))
      .listen(preferred, "127.0.0.1", () => probe.close(() => resolve(preferred)));
  });
}

const redis = await startRedis({ port: await portOr(6379) });
const endpoint = await startUpstashEndpoint({ redisUrl: redis.url, port: await portOr(8079) });

console.log(
  "# Bouncer uses REDIS_URL when it is set; drop it or add COUNTER_STORE=upstash to go through the Upstash REST endpoint instead.",
);
console.log(`REDIS_URL=${redis.url}`);
console.log(`UPSTASH_REDIS_REST_URL=${endpoint.url}`);
console.log(`UPSTASH_REDIS_REST_TOKEN=${endpoint.token}`);

const stop = async () => {
  await endpoint.close();
  await redis.stop();
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
