// What a plan's Burst says: the size of its token bucket, which holds Per minute when no burst is set.
import type { Limits } from "./domain";
import { formatLimit } from "./format";

/**
 * "20" for a set burst; "60 (per minute)" when burst is empty but Per minute is set, since the bucket then holds Per
 * minute (limitPart in api/src/quota/limits.ts, and Live's "Bucket of 60"); "No limit" only without a bucket at all.
 */
export function burstText({ burst, perMinute }: Pick<Limits, "burst" | "perMinute">): string {
  if (burst !== null) return formatLimit(burst);
  return perMinute === null ? formatLimit(null) : `${formatLimit(perMinute)} (per minute)`;
}
