// From a plan (with a customer's overrides) to the limits a check evaluates, computed once per config change.
import type { Limits } from "../domain/plan";
import { WINDOW_NAMES, WINDOW_RULES, type WindowName, type WindowRule } from "./windows";

/**
 * One window: at most `size` requests in each window the rule marks out. A window the customer has no limit in
 * (size null) is still counted, so that a limit added to the plan later counts what the window has already used
 * (contract section 5); it is not reported.
 */
export type LimitWindow = { name: WindowName; size: number | null; rule: WindowRule };

/**
 * What the counter store needs to decide, in whole numbers so that every store computes the same thing:
 * the token bucket (`capacity` tokens, refilled at `perMinute` a minute; null when there is none) and the
 * windows, every kind of them, in the order a check reports them.
 */
export type LimitSpec = {
  capacity: number | null;
  perMinute: number | null;
  windows: readonly LimitWindow[];
};

export type LimitName = "burst" | WindowName;

/** The plan's field that sets each window's size. */
const SIZE_FIELD: Record<WindowName, keyof Limits> = { hour: "perHour", day: "perDay" };

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
export function limitSpec(limits: Limits): LimitSpec {
  const { burst, perMinute } = limits;
  const windows: LimitWindow[] = [];
  for (const name of WINDOW_NAMES) {
    windows.push({ name, size: limits[SIZE_FIELD[name]], rule: WINDOW_RULES[name] });
  }
  return { capacity: perMinute === null ? null : (burst ?? perMinute), perMinute, windows };
}

/** True when `cost` is more than some limit holds at all: such a request can never pass. */
export function exceedsSize(spec: LimitSpec, cost: number): boolean {
  if (cost > (spec.capacity ?? Number.POSITIVE_INFINITY)) return true;
  for (const w of spec.windows) if (w.size !== null && cost > w.size) return true;
  return false;
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
  for (const w of spec.windows) if (w.size !== null) items.push(`"${w.name}";q=${w.size};w=${w.rule.policySeconds}`);
  return items.join(", ");
}
