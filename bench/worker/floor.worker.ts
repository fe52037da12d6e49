// The Worker floor: what any Worker that makes one call per request can reach in the bench's workerd. Per request
// it parses the body, makes ONE call through @upstash/redis (an EVALSHA of the floor's one-line script, as the Node
// floor sends Redis) and answers as the contract asks (contract-answer.ts). Bundled by bench/worker/peer-bundle.ts.
import { createHash } from "node:crypto";
import { Redis } from "@upstash/redis";
import { contractAnswer, FLOOR_SCRIPT } from "../peers/contract-answer";
import type { BenchLimits, PeerAnswer } from "../peers/serve";
import { servePeerWorker } from "./serve-peer";

type Env = { UPSTASH_REDIS_REST_URL: string; UPSTASH_REDIS_REST_TOKEN: string; BENCH_LIMITS: string };

const SHA = createHash("sha1").update(FLOOR_SCRIPT).digest("hex");

// Made on the first request, as Bouncer's Worker builds its service, and kept for the isolate's life.
let built: { redis: Redis; answer: (key: string, count: number) => PeerAnswer } | undefined;

function build(env: Env) {
  // The client as Bouncer's store makes it on a Worker (api/src/quota/stores/upstash-store.ts): one request per call, sent
  // at once, JSON replies, never retried, no abort signal.
  const redis = new Redis({
    url: env.UPSTASH_REDIS_REST_URL,
    token: env.UPSTASH_REDIS_REST_TOKEN,
    keepAlive: true,
    retry: { retries: 0 },
    automaticDeserialization: false,
    responseEncoding: false,
    enableAutoPipelining: false,
    enableTelemetry: false,
  });
  return { redis, answer: contractAnswer(JSON.parse(env.BENCH_LIMITS) as BenchLimits) };
}

async function count({ redis }: NonNullable<typeof built>, key: string): Promise<number> {
  const keys = [`wfloor:{${key}}`];
  try {
    return Number(await redis.evalsha(SHA, keys, []));
  } catch (error) {
    // The script is sent once, when this Redis has not seen it yet.
    if (!String(error).includes("NOSCRIPT")) throw error;
    return Number(await redis.eval(FLOOR_SCRIPT, keys, []));
  }
}

export default servePeerWorker<Env>(async (key, env) => {
  built ??= build(env);
  return built.answer(key, await count(built, key));
});
