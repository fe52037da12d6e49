// From a plan (with a customer's overrides) to the limits a check evaluates, computed once per config change.
import { type Limits, noLimits, WINDOW_KINDS } from "../domain/limit-kinds";
import type { WindowRule } from "./window-rule";
import { ruleOf, windowSeconds } from "./windows";

/**
 * One window: at most `size` requests in each window the rule marks out, reported under `name` (its kind's window).
 * An hour or day window the customer has no limit in (size null) is still counted, so that a limit added to the plan
 * later counts what the window has already used (contract section 5; alwaysCounted in domain/limit-kinds.ts); it is
 * not reported.
 */
export type LimitWindow = { name: string; size: number | null; rule: WindowRule };

/**
 * One part of a check: the customer's own limits (prefix "") or one resource's (prefix "<resource>/"). Each part
 * has its own token bucket (`capacity` tokens, refilled at `perMinute` a minute; null when there is none) and its
 * own windows, kept in the subject's hash under the part's prefix and reported under it.
 */
export type LimitPart = {
  prefix: string;
  capacity: number | null;
  perMinute: number | null;
  windows: readonly LimitWindow[];
  /**
   * How many leases (requests in flight) the part allows at once (contract section 14), or null for no such limit.
   * Left out: none.
   */
  concurrent?: number | null;
};

/**
 * What the counter store decides in one step, in whole numbers so that every store computes the same thing; with
 * what every check of it asks again, worked out once: the largest cost all its limits can hold, and its
 * RateLimit-Policy header for as long as that holds (see policyHeader).
 */
export type LimitSpec = {
  parts: readonly LimitPart[];
  /**
   * Usage thresholds in percent, ascending (contract section 13): a check that brings a window limit's use to one
   * records the crossing in the same step, once per threshold and window.
   */
  alerts: readonly number[];
  largestCost: number;
  /** Whether a part limits requests in flight: then every check of the spec takes a lease (contract section 14). */
  leased: boolean;
  header: { text: string; untilMs: number };
};

/** A spec of these parts, with these alert thresholds. */
export function specOf(parts: readonly LimitPart[], alerts: readonly number[] = NO_ALERTS): LimitSpec {
  let largestCost = Number.POSITIVE_INFINITY;
  for (const part of parts) {
    if (part.capacity !== null) largestCost = Math.min(largestCost, part.capacity);
    for (const w of part.windows) if (w.size !== null) largestCost = Math.min(largestCost, w.size);
  }
  const leased = parts.some((p) => p.concurrent != null);
  return { parts, alerts, largestCost, leased, header: { text: "", untilMs: Number.NEGATIVE_INFINITY } };
}

const NO_ALERTS: readonly number[] = [];

/** `burst`, a window's name, or either after a resource's name and a slash (`ai.generate/day`). */
export type LimitName = string;

/**
 * What the limiter needs to know of a caller's plan, worked out once per config change: the limits the store
 * decides for a plain check, for a check that names each resource, and for a read of usage (every part).
 */
export type QuotaPolicy = {
  spec: LimitSpec;
  resources: ReadonlyMap<string, LimitSpec>;
  usage: LimitSpec;
  /**
   * How many units of quota a server may take from the store at once and spend locally (contract section 12), or
   * null: every check goes to the store.
   */
  localShare: number | null;
  /** What a check answers when the counter store does not (contract section 5, "When the store is down"). */
  failMode: FailMode;
  /** A dry run: the plan never denies, and a check says when it would have (contract section 4). */
  shadow: boolean;
};

export type FailMode = "open" | "closed" | "local";

/** The bucket holds `burst` requests, or `perMinute` when the plan sets no burst, and refills at `perMinute`. */
export function limitPart(limits: Limits, billingDay: number | null = null, prefix = ""): LimitPart {
  const { burst, perMinute } = limits;
  const windows: LimitWindow[] = [];
  for (const k of WINDOW_KINDS) {
    const size = limits[k.field];
    if (size !== null || k.alwaysCounted) windows.push({ name: k.window, size, rule: ruleOf(k, billingDay) });
  }
  const capacity = perMinute === null ? null : (burst ?? perMinute);
  return { prefix, capacity, perMinute, windows, concurrent: limits.concurrent };
}

/** The spec of a customer's own limits alone. */
export function limitSpec(limits: Limits, billingDay: number | null = null): LimitSpec {
  return specOf([limitPart(limits, billingDay)]);
}

/** A customer's own limits, its resources' limits, and its billing day, as the policy every check of it uses. */
export function quotaPolicy(
  limits: Limits,
  resources: Readonly<Record<string, Limits>> = {},
  billingDay: number | null = null,
  localShare: number | null = null,
  failMode: FailMode = "open",
  shadow = false,
  alerts: readonly number[] = NO_ALERTS,
): QuotaPolicy {
  const own = limitPart(limits, billingDay);
  const byResource = new Map<string, LimitSpec>();
  const all = [own];
  for (const [name, resourceLimits] of Object.entries(resources)) {
    const part = limitPart(resourceLimits, billingDay, `${name}/`);
    byResource.set(name, specOf([own, part], alerts));
    all.push(part);
  }
  return {
    spec: specOf([own], alerts),
    resources: byResource,
    // A read of usage raises nothing.
    usage: specOf(all),
    localShare,
    failMode,
    shadow,
  };
}

/** The limits of a check that names `resource`: a resource the plan does not name adds nothing. */
export function specFor(policy: QuotaPolicy, resource: string | undefined): LimitSpec {
  return (resource !== undefined && policy.resources.get(resource)) || policy.spec;
}

/**
 * The limits a lease's release or settle works on: those of the check that took it. A resource the plan no longer
 * names (edited since, or the customer moved to another plan) is still one of its parts, with no limit of its own,
 * so that the lease's slot there is freed and a settle reaches the counts its check took from (its minute and day,
 * always counted), rather than the plan's own part alone.
 */
export function leaseSpecFor(policy: QuotaPolicy, resource: string | undefined): LimitSpec {
  const named = specFor(policy, resource);
  if (resource === undefined || named !== policy.spec) return named;
  const own = policy.spec.parts[0] as LimitPart;
  return specOf([own, limitPart(noLimits(), null, `${resource}/`)], policy.spec.alerts);
}

/** The resource a spec's checks name (its second part's prefix, less the slash), or undefined for the plan's own. */
export function resourceOf(spec: LimitSpec): string | undefined {
  const part = spec.parts[1];
  return part === undefined ? undefined : part.prefix.slice(0, -1);
}

/** True when `cost` is more than some limit holds at all: such a request can never pass. */
export const exceedsSize = (spec: LimitSpec, cost: number): boolean => cost > spec.largestCost;

/** Seconds the bucket takes to refill from empty: the `w` of its RateLimit-Policy item. */
export function bucketWindowSeconds(part: LimitPart): number {
  if (part.capacity === null || part.perMinute === null) return 0;
  return Math.max(1, Math.ceil((part.capacity * 60) / part.perMinute));
}

/**
 * The RateLimit-Policy header of draft-ietf-httpapi-ratelimit-headers for these limits at `nowMs`: each window's
 * `w` is the length of the window `nowMs` falls in (a month's is its own number of days).
 */
export function policyHeader(spec: LimitSpec, nowMs: number): string {
  // A header holds while no window of a length that varies (a month's) has ended; then it is made again.
  const known = spec.header;
  if (nowMs < known.untilMs) return known.text;
  const items: string[] = [];
  let untilMs = Number.POSITIVE_INFINITY;
  for (const part of spec.parts) {
    if (part.capacity !== null) items.push(`"${part.prefix}burst";q=${part.capacity};w=${bucketWindowSeconds(part)}`);
    for (const w of part.windows) {
      if (w.size === null) continue;
      items.push(`"${part.prefix}${w.name}";q=${w.size};w=${windowSeconds(w.rule, nowMs)}`);
      if (w.rule.lengthVaries) untilMs = Math.min(untilMs, w.rule.endMs(w.rule.index(nowMs)));
    }
    // Requests in flight have no window: the item says how many, and nothing of time.
    if (part.concurrent != null) items.push(`"${part.prefix}concurrent";q=${part.concurrent}`);
  }
  const text = items.join(", ");
  spec.header = { text, untilMs };
  return text;
}
