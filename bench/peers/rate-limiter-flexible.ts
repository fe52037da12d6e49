// Peer: rate-limiter-flexible, burst, minute, hour and day limiters (RateLimiterRedis) in a RateLimiterUnion.
import { Redis } from "ioredis";
import { RateLimiterRedis, type RateLimiterRes, RateLimiterUnion } from "rate-limiter-flexible";
import { benchLimits, requiredEnv, servePeer } from "./serve";

// As the library's README sets up ioredis: no offline queue, so a Redis outage fails fast instead of piling up.
const redis = new Redis(requiredEnv("REDIS_URL"), { enableOfflineQueue: false });
const limits = benchLimits();
const limiter = (keyPrefix: string, points: number, duration: number) =>
  new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration });
// The library has no token bucket; its burst limiter is `burst` points over the seconds the bucket takes to refill.
const union = new RateLimiterUnion(
  limiter("rlf-burst", limits.burst, Math.max(1, Math.round((60 * limits.burst) / limits.perMinute))),
  limiter("rlf-minute", limits.perMinute, 60),
  limiter("rlf-hour", limits.perHour, 3600),
  limiter("rlf-day", limits.perDay, 86400),
);

const remaining = (results: Record<string, RateLimiterRes>) =>
  Math.min(...Object.values(results).map((r) => r.remainingPoints));

redis.once("ready", () =>
  servePeer(async (key) => {
    try {
      const results = (await union.consume(key)) as unknown as Record<string, RateLimiterRes>;
      return { status: 200, body: `{"allowed":true,"remaining":${remaining(results)}}` };
    } catch (rejected) {
      if (rejected instanceof Error) throw rejected;
      return { status: 429, body: '{"allowed":false}' };
    }
  }),
);
