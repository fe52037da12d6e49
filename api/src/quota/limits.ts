// From a plan (with a customer's overrides) to the limits a check evaluates, computed once per config change.
import type { Limits } from "../domain/plan";

/**
 * What the counter store needs to decide, in whole numbers so that every store computes the same thing:
 * the token bucket (`capacity` tokens, refilled at `perMinute` a minute) and the hour and day windows.
 * A null field is a limit the customer does not have.
 */
export type LimitSpec = {
  capacity: number | null;
  perMinute: number | null;
  hour: number | null;
  day: number | null;
};

export const LIMIT_NAMES = ["burst", "hour", "day"] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/**
 * What the limiter needs to know of a caller's plan, worked out once per config change: the limits the store
 * decides, the bucket's refill rate reported beside the burst limit, and the RateLimit-Policy header.
 */
export type QuotaPolicy = { spec: LimitSpec; perMinute: number | null; policyHeader: string };

export function quotaPolicy(limits: Limits): QuotaPolicy {
  const spec = limitSpec(limits);
  return { spec, perMinute: limits.perMinute, policyHeader: policyHeader(spec) };
}

/** The bucket holds `burst` requests, or `perMinute` when the plan sets no burst, and refills at `perMinute`. */
export function limitSpec({ burst, perMinute, perHour, perDay }: Limits): LimitSpec {
  return { capacity: perMinute === null ? null : (burst ?? perMinute), perMinute, hour: perHour, day: perDay };
}

/** True when `cost` is more than some limit holds at all: such a request can never pass. */
export function exceedsSize(spec: LimitSpec, cost: number): boolean {
  return (
    cost > (spec.capacity ?? Number.POSITIVE_INFINITY) ||
    cost > (spec.hour ?? Number.POSITIVE_INFINITY) ||
    cost > (spec.day ?? Number.POSITIVE_INFINITY)
  );
}

/** Seconds the bucket takes to refill from empty: the `w` of its RateLimit-Policy item. */
export function bucketWindowSeconds(spec: LimitSpec): number {
  if (spec.capacity === null || spec.perMinute === null) return 0;
  return Math.max(1, Math.ceil((spec.capacity * 60) / spec.perMinute));
}

/** The RateLimit-Policy header of draft-ietf-httpapi-ratelimit-headers for these limits. */
export function policyHeader(spec: LimitSpec): string {
  const items: string[] = [];
  if (spec.capacity !== null) items.push(`"burst";q=${spec.capacity};w=${bucketWindowSeconds(spec)}`);
  if (spec.hour !== null) items.push(`"hour";q=${spec.hour};w=3600`);
  if (spec.day !== null) items.push(`"day";q=${spec.day};w=86400`);
  return items.join(", ");
}
