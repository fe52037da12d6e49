// Peer: @upstash/ratelimit, a token bucket plus hour and day fixed windows, through the same Upstash REST endpoint.
import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import { benchLimits, requiredEnv, servePeer } from "./serve";

// Defaults as the library's README shows them: one client and one set of limiters for the process's lifetime.
const redis = new Redis({ url: requiredEnv("UPSTASH_REDIS_REST_URL"), token: requiredEnv("UPSTASH_REDIS_REST_TOKEN") });
const limits = benchLimits();
// The library checks one limit per instance; several limits on one request are several instances.
const limiters = [
  new Ratelimit({ redis, prefix: "url-burst", limiter: Ratelimit.tokenBucket(limits.perMinute, "1 m", limits.burst) }),
  new Ratelimit({ redis, prefix: "url-hour", limiter: Ratelimit.fixedWindow(limits.perHour, "1 h") }),
  new Ratelimit({ redis, prefix: "url-day", limiter: Ratelimit.fixedWindow(limits.perDay, "1 d") }),
];

servePeer(async (key) => {
  const results = await Promise.all(limiters.map((l) => l.limit(key)));
  // On a timeout the library lets the request through without counting it: that is no check, so say so.
  if (results.some((r) => r.reason === "timeout")) return { status: 503, body: '{"error":"timeout"}' };
  const allowed = results.every((r) => r.success);
  const remaining = Math.min(...results.map((r) => r.remaining));
  return { status: allowed ? 200 : 429, body: `{"allowed":${allowed},"remaining":${remaining}}` };
});
