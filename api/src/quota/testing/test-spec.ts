// Tests' limits in the shape plans have (a bucket and the windows), as the LimitSpec a check takes.
import { WINDOW_KINDS, type WindowName } from "../../domain/limit-kinds";
import { type LimitPart, type LimitSpec, specOf } from "../limits";
import { ruleOf } from "../windows";

/** A bucket, each kind of window's size by its name (`hour: 10`), and the month's billing day (null: the calendar's). */
export type FixedLimits = {
  capacity?: number | null;
  perMinute?: number | null;
  billingDay?: number | null;
  concurrent?: number | null;
} & { [W in WindowName]?: number | null };

/**
 * One part, its windows as limitPart() puts them: those always counted (the hour and the day) whether limited or not
 * (counted but not limited when left out), the others when limited.
 */
export function testPart(limits: FixedLimits, prefix = ""): LimitPart {
  const { capacity = null, perMinute = null, billingDay = null, concurrent = null } = limits;
  const counted = WINDOW_KINDS.filter((k) => limits[k.window] != null || k.alwaysCounted);
  const windows = counted.map((k) => ({ name: k.window, size: limits[k.window] ?? null, rule: ruleOf(k, billingDay) }));
  return { prefix, capacity, perMinute, windows, concurrent };
}

/** The customer's own limits, and (when given) a resource's, named `resource`, checked with them in one step. */
export function testSpec(limits: FixedLimits, resource?: { name: string; limits: FixedLimits }): LimitSpec {
  const parts = [testPart(limits)];
  if (resource) parts.push(testPart({ billingDay: limits.billingDay, ...resource.limits }, `${resource.name}/`));
  return specOf(parts);
}
