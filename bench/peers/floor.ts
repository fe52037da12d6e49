// The floor: one EVALSHA of a minimal Lua script per check, and the answer the contract asks of any design.
import { Redis } from "ioredis";
import { MAX_BATCH } from "../../api/src/quota/redis-store";
import { type BenchLimits, benchLimits, type PeerAnswer, requiredEnv, servePeer } from "./serve";

// Written the way Bouncer's Redis store writes (api/src/quota/redis-store.ts): plain commands, the checks of one
// turn of the event loop written together on a corked socket, at most the store's MAX_BATCH to a write, so the
// floor is not held back by ioredis's pipeline objects, which cost more than they save here. Unlike the store,
// which merges a batch's checks into one call of its script, the floor sends one EVALSHA per check: the floor as
// issue 7 defines it (bench/README.md, "Why it is fair", says what a merging floor measured).
const redis = new Redis(requiredEnv("REDIS_URL"), { enableAutoPipelining: false });
redis.defineCommand("floorIncr", { numberOfKeys: 1, lua: "return redis.call('INCR', KEYS[1])" });
const incr = (key: string) => (redis as unknown as { floorIncr(key: string): Promise<number> }).floorIncr(key);

let corked = 0;
const uncork = () => {
  if (corked === 0) return;
  corked = 0;
  redis.stream.uncork();
};
function send(key: string): Promise<number> {
  if (corked === 0) {
    redis.stream.cork();
    setImmediate(uncork);
  }
  const reply = incr(key);
  if (++corked >= MAX_BATCH) uncork();
  return reply;
}

redis.once("ready", () =>
  servePeer(async (key) => {
    const count = await send(`floor:{${key}}`);
    return answer(key, count);
  }),
);

// Whatever a design does in Redis, it must answer a check as contract section 5 says: the rate-limit headers and
// a body of that shape, from its counts. So the floor answers so too, with the least work: the policy written
// once, the body a template. Without it the floor answered 181 bytes against Bouncer's 1 KB, and the load
// process, which parses every answer on the same two cores, made the difference look like Bouncer's own work.
const limits: BenchLimits = benchLimits();
const policy = `"burst";q=${limits.burst};w=${Math.ceil((limits.burst / limits.perMinute) * 60)}, "hour";q=${limits.perHour};w=3600, "day";q=${limits.perDay};w=86400`;

function answer(key: string, count: number): PeerAnswer {
  const now = Math.floor(Date.now() / 1000);
  const [burst, hour, day] = [limits.burst - count, limits.perHour - count, limits.perDay - count];
  // The bench's customer ids are as long as this one ("cus_" and 16 characters).
  const customer = `cus_${key.slice(-16)}`;
  return {
    status: 200,
    headers: {
      "X-RateLimit-Limit": String(limits.burst),
      "X-RateLimit-Remaining": String(burst),
      "X-RateLimit-Reset": String(now),
      "RateLimit-Policy": policy,
      RateLimit: `"burst";r=${burst};t=0`,
    },
    body:
      `{"allowed":true,"customerId":"${customer}","planId":"bench-open","limit":${limits.burst},"remaining":${burst},` +
      `"reset":${now},"limits":[{"name":"burst","limit":${limits.burst},"remaining":${burst},"reset":${now},` +
      `"perMinute":${limits.perMinute}},{"name":"hour","limit":${limits.perHour},"remaining":${hour},` +
      `"reset":${now - (now % 3600) + 3600}},{"name":"day","limit":${limits.perDay},"remaining":${day},` +
      `"reset":${now - (now % 86400) + 86400}}],"degraded":false,"shadow":false}`,
  };
}
