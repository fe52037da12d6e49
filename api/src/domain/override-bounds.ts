// What a customer's overrides ask of the plan it is on (contract section 4: the plan's limits with the overrides laid
// over them obey the plan rules). Kept as rows beside the customer (db/schema/override-bounds.ts), so that a plan edit
// finds a customer it would leave breaking a rule through an index, whatever the number of customers on the plan,
// instead of laying every customer's overrides over the new plan (config/plans.ts).
//
// Each rule between limits (domain/plan.ts limitViolations) that a customer's overrides leave to its plan becomes a
// bound on one of the plan's values, for one part (the plan's own limits, "", or a resource's):
//   atLeast v   the plan's value, when set, is at least v (a shorter period the customer set to v, the longer one left
//               to the plan)
//   atMost v    the plan's value, when set, is at most v (the other way round; a burst the customer left to the plan
//               once it took perMinute away: at most 0, that is not set)
//   needs       the plan's value is set (perMinute, for a burst the customer set and perMinute left to the plan)
//   oneOf m     one of the plan's values in the mask m (bits as LIMIT_KINDS) is set: the customer set none in the part
//               (it took some away, or, for a resource, named it with none), so only the plan's may give it a limit
// and, once per customer, `resources n`: how many resources its overrides name, for the rule that a plan and a
// customer's overrides name at most MAX_RESOURCES together. The rules between a customer's own values are checked when
// they are written, and the plan's own when the plan is.
import type { Overrides } from "./customer";
import { LIMIT_KINDS, type LimitField, type Limits } from "./limit-kinds";
import { MAX_RESOURCES, type Plan } from "./plan";

export type BoundRule = "atLeast" | "atMost" | "needs" | "oneOf" | "resources";

/** One bound: `part` is "" for the plan's own limits or a resource's name; `field` "" for oneOf and resources. */
export type Bound = { part: string; rule: BoundRule; field: LimitField | ""; value: number };

/** Each kind's bit in a oneOf mask, by its place in LIMIT_KINDS (a kind added later goes last, and keeps the others'). */
const bit = (i: number) => 2 ** i;
const ALL_KINDS = bit(LIMIT_KINDS.length) - 1;

type PartOverrides = Partial<Record<LimitField, number | null>>;

/** The bounds one part's overrides put on the plan's values of that part. */
function partBounds(part: string, over: PartOverrides): Bound[] {
  const bounds: Bound[] = [];
  const given = (field: LimitField) => Object.hasOwn(over, field) && over[field] !== undefined;
  const number = (field: LimitField) => (given(field) ? over[field] : null) ?? null;
  for (const b of LIMIT_KINDS) {
    if (b.rank === null || given(b.field)) continue;
    // The plan's value of b meets every value the customer set of another rank.
    let least: number | null = null;
    let most: number | null = null;
    for (const a of LIMIT_KINDS) {
      const v = number(a.field);
      if (a.rank === null || v === null) continue;
      if (a.rank < b.rank) least = least === null ? v : Math.max(least, v);
      if (a.rank > b.rank) most = most === null ? v : Math.min(most, v);
    }
    if (least !== null) bounds.push({ part, rule: "atLeast", field: b.field, value: least });
    if (most !== null) bounds.push({ part, rule: "atMost", field: b.field, value: most });
  }
  // burst needs perMinute, the rate its bucket refills at.
  if (number("burst") !== null && !given("perMinute"))
    bounds.push({ part, rule: "needs", field: "perMinute", value: 0 });
  if (!given("burst") && given("perMinute") && number("perMinute") === null) {
    bounds.push({ part, rule: "atMost", field: "burst", value: 0 });
  }
  // At least one limit is set. (A plan always sets one of its own: overrides that leave them all to it ask nothing.
  // A resource's may be taken away with the resource.)
  if (LIMIT_KINDS.every((k) => number(k.field) === null)) {
    const free = LIMIT_KINDS.reduce((mask, k, i) => (given(k.field) ? mask : mask + bit(i)), 0);
    if (part !== "" || free !== ALL_KINDS) bounds.push({ part, rule: "oneOf", field: "", value: free });
  }
  return bounds;
}

/** Every bound a customer's overrides put on its plan. */
export function boundsOf(overrides: Overrides): Bound[] {
  if (!overrides) return [];
  const bounds = partBounds("", overrides);
  const resources = Object.entries(overrides.resources ?? {});
  for (const [name, over] of resources) bounds.push(...partBounds(name, over));
  if (resources.length > 0) bounds.push({ part: "", rule: "resources", field: "", value: resources.length });
  return bounds;
}

/**
 * A range of bound values that a plan's edit breaks: the bounds of `part`, `rule` and `field` whose value lies from
 * `low` to `high`, both included.
 */
export type BrokenRange = { part: string; rule: BoundRule; field: LimitField | ""; low: number; high: number };

const NO_LIMITS = Object.fromEntries(LIMIT_KINDS.map((k) => [k.field, null])) as Limits;
const LOWEST = Number.MIN_SAFE_INTEGER;
const HIGHEST = Number.MAX_SAFE_INTEGER;

/** One part's limits in a plan: its own, a resource's, or none (a resource it does not name). */
function limitsOf(plan: Plan, part: string): Limits {
  if (part === "") return plan;
  return Object.hasOwn(plan.resources, part) ? (plan.resources[part] as Limits) : NO_LIMITS;
}

const sameLimits = (a: Limits, b: Limits) => LIMIT_KINDS.every((k) => a[k.field] === b[k.field]);

/**
 * The bounds that `after` breaks, as ranges of their values, in the parts whose limits differ from `before`'s (the
 * others broke none before and break none now). The resources rule is not among them: see resourcesRoom.
 */
export function brokenRanges(after: Plan, before: Plan): BrokenRange[] {
  const ranges: BrokenRange[] = [];
  const parts = new Set(["", ...Object.keys(before.resources), ...Object.keys(after.resources)]);
  for (const part of parts) {
    const limits = limitsOf(after, part);
    if (sameLimits(limits, limitsOf(before, part))) continue;
    let set = 0;
    LIMIT_KINDS.forEach((k, i) => {
      const p = limits[k.field];
      if (p === null) {
        ranges.push({ part, rule: "needs", field: k.field, low: LOWEST, high: HIGHEST });
        return;
      }
      set += bit(i);
      ranges.push({ part, rule: "atLeast", field: k.field, low: p + 1, high: HIGHEST });
      ranges.push({ part, rule: "atMost", field: k.field, low: LOWEST, high: p - 1 });
    });
    // Every mask of kinds the plan leaves unset in this part: a customer that counts on one of them alone is broken.
    const unset = ALL_KINDS - set;
    for (let mask = unset; mask > 0; mask = (mask - 1) & unset) {
      ranges.push({ part, rule: "oneOf", field: "", low: mask, high: mask });
    }
  }
  return ranges;
}

/**
 * How many resources a customer's overrides may name without any chance of breaking the resources rule on `after`
 * (however many of them the plan names too), or null when `after` names no resource that `before` did not: a plan
 * that names no new one leaves every customer's resources as many as they were, or fewer.
 */
export function resourcesRoom(after: Plan, before: Plan): number | null {
  const added = Object.keys(after.resources).some((name) => !Object.hasOwn(before.resources, name));
  return added ? MAX_RESOURCES - Object.keys(after.resources).length : null;
}
