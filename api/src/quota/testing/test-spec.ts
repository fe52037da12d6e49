// Tests' limits in the shape plans have (a bucket and the windows), as the LimitSpec a check takes.
import { WINDOW_NAMES } from "../../domain/limit-kinds";
import { type LimitPart, type LimitSpec, specOf } from "../limits";
import { ALWAYS_COUNTED, windowRule } from "../windows";

export type FixedLimits = {
  capacity?: number | null;
  perMinute?: number | null;
  hour?: number | null;
  day?: number | null;
  week?: number | null;
  month?: number | null;
  /** The month's billing day (null: the calendar month). */
  billingDay?: number | null;
};

/**
 * One part, its windows as limitPart() puts them: the hour and the day always (counted but not limited when left
 * out), the week and the month when limited.
 */
export function testPart(limits: FixedLimits, prefix = ""): LimitPart {
  const { capacity = null, perMinute = null, billingDay = null } = limits;
  const counted = WINDOW_NAMES.filter((name) => limits[name] != null || ALWAYS_COUNTED.has(name));
  const windows = counted.map((name) => ({
    name,
    size: limits[name] ?? null,
    rule: windowRule(name, billingDay),
  }));
  return { prefix, capacity, perMinute, windows };
}

/** The customer's own limits, and (when given) a resource's, named `resource`, checked with them in one step. */
export function testSpec(limits: FixedLimits, resource?: { name: string; limits: FixedLimits }): LimitSpec {
  const parts = [testPart(limits)];
  if (resource) parts.push(testPart({ billingDay: limits.billingDay, ...resource.limits }, `${resource.name}/`));
  return specOf(parts);
}
