// Peer on the Worker: @upstash/ratelimit with the same three limits as its Node peer (bench/peers/upstash-ratelimit.ts:
// a token bucket, an hour and a day window), through the same Upstash endpoint, in the same workerd as Bouncer's
// Worker. What a user on Workers would pick instead. Bundled by bench/worker/peer-bundle.ts.
import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import type { BenchLimits } from "../peers/serve";
import { servePeerWorker } from "./serve-peer";

type Env = { UPSTASH_REDIS_REST_URL: string; UPSTASH_REDIS_REST_TOKEN: string; BENCH_LIMITS: string };

// Made on the first request and kept for the isolate's life, as the library's README does at module scope (workerd
// refuses the client's timers and random values there).
let limiters: Ratelimit[] | undefined;

function build(env: Env): Ratelimit[] {
  const redis = new Redis({ url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN });
  const limits = JSON.parse(env.BENCH_LIMITS) as BenchLimits;
  // The library checks one limit per instance; several limits on one request are several instances.
  return [
    new Ratelimit({
      redis,
      prefix: "wrl-burst",
      limiter: Ratelimit.tokenBucket(limits.perMinute, "1 m", limits.burst),
    }),
    new Ratelimit({ redis, prefix: "wrl-hour", limiter: Ratelimit.fixedWindow(limits.perHour, "1 h") }),
    new Ratelimit({ redis, prefix: "wrl-day", limiter: Ratelimit.fixedWindow(limits.perDay, "1 d") }),
  ];
}

export default servePeerWorker<Env>(async (key, env) => {
  limiters ??= build(env);
  const results = await Promise.all(limiters.map((l) => l.limit(key)));
  // On a timeout the library lets the request through without counting it: that is no check, so say so.
  if (results.some((r) => r.reason === "timeout")) return { status: 503, body: '{"error":"timeout"}' };
  const allowed = results.every((r) => r.success);
  const remaining = Math.min(...results.map((r) => r.remaining));
  return { status: allowed ? 200 : 429, body: `{"allowed":${allowed},"remaining":${remaining}}` };
});
