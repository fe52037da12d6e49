// Peer on the Worker: @upstash/ratelimit with the same three limits as its Node peer (bench/peers/upstash-ratelimit.ts:
// a token bucket, an hour and a day window), through the same Upstash endpoint, in the same workerd as Bouncer's
// Worker. What a user on Workers would pick instead. Bundled by bench/worker/peer-bundle.ts.
import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import type { BenchLimits } from "../peers/serve";

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

const json = (status: number, body: string) =>
  new Response(body, { status, headers: { "content-type": "application/json" } });

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    limiters ??= build(env);
    if (request.method !== "POST") return json(200, '{"status":"ok"}');
    let key: unknown;
    try {
      key = (JSON.parse(await request.text()) as { key?: unknown }).key;
    } catch {}
    if (typeof key !== "string" || key.length === 0) return json(400, '{"error":"send {\\"key\\": \\"…\\"}"}');
    try {
      const results = await Promise.all(limiters.map((l) => l.limit(key as string)));
      // On a timeout the library lets the request through without counting it: that is no check, so say so.
      if (results.some((r) => r.reason === "timeout")) return json(503, '{"error":"timeout"}');
      const allowed = results.every((r) => r.success);
      const remaining = Math.min(...results.map((r) => r.remaining));
      return json(allowed ? 200 : 429, `{"allowed":${allowed},"remaining":${remaining}}`);
    } catch (error) {
      return json(500, JSON.stringify({ error: String(error) }));
    }
  },
};
