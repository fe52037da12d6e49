// The answer contract section 5 asks of any design, from one count: what both floors (on Node and on the Worker)
// answer, with the least work: the policy written once, the body a template.
import type { BenchLimits, PeerAnswer } from "./serve";

/** The floors' one script: a count per key, the least a check that goes to Redis can do. */
export const FLOOR_SCRIPT = "return redis.call('INCR', KEYS[1])";

export function contractAnswer(limits: BenchLimits): (key: string, count: number) => PeerAnswer {
  const policy = `"burst";q=${limits.burst};w=${Math.ceil((limits.burst / limits.perMinute) * 60)}, "hour";q=${limits.perHour};w=3600, "day";q=${limits.perDay};w=86400`;
  return (key, count) => {
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
  };
}
