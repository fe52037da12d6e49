// The live board's rules, apart from its reads: which limits deny now, which the customer's overrides change, how
// near a customer is to a limit, the orders an admin sorts by, the most throttled, and every customer's minutes added up.
import { leastLeft } from "../quota/board-marks";
import type { LimitEntry } from "../quota/decision";
import type { LimitName, LimitSpec } from "../quota/limits";
import type { HistoryPoint } from "../quota/store";

/** One customer on the board: its usage (as /v1/customers/{id}/usage), its last hour, and what its limits say. */
export type BoardRow = {
  customerId: string;
  name: string;
  planId: string;
  limits: LimitEntry[];
  allowed: number;
  denied: number;
  denying: LimitName[];
  overridden: LimitName[];
};

export const SORTS = ["nearest", "denied", "name"] as const;
export type Sort = (typeof SORTS)[number];

/** How many customers the most-throttled list names. */
export const TOP_THROTTLED = 5;

/** Each limit's numbers by the name its entry carries: its size, and for a bucket its refill rate as well. */
function sizesByName(spec: LimitSpec): Map<LimitName, string> {
  const sizes = new Map<LimitName, string>();
  for (const part of spec.parts) {
    if (part.capacity !== null) sizes.set(`${part.prefix}burst`, `${part.capacity}/${part.perMinute}`);
    for (const w of part.windows) if (w.size !== null) sizes.set(`${part.prefix}${w.name}`, String(w.size));
  }
  return sizes;
}

/** The limits of `own` (a customer's, overrides laid over its plan) whose numbers are not the plan's alone. */
export function overriddenLimits(own: LimitSpec, plan: LimitSpec): LimitName[] {
  const planSizes = sizesByName(plan);
  return [...sizesByName(own)].filter(([name, size]) => planSizes.get(name) !== size).map(([name]) => name);
}

/** The limits with nothing left: each of them denies every check until it frees up. */
export const denyingLimits = (limits: LimitEntry[]): LimitName[] =>
  limits.filter((l) => l.remaining <= 0).map((l) => l.name);

// One collator for every comparison: localeCompare with options makes one each call, 20 ms a sort of 1,000 rows.
const names = new Intl.Collator("en", { sensitivity: "base" });

const byName = (a: BoardRow, b: BoardRow) => names.compare(a.name, b.name) || (a.customerId < b.customerId ? -1 : 1);

/** The order of each sort; ties go by name, so a page never shuffles between two refreshes that changed nothing. */
export function compareRows(sort: Sort): (a: BoardRow, b: BoardRow) => number {
  if (sort === "name") return byName;
  if (sort === "denied") return (a, b) => b.denied - a.denied || byName(a, b);
  return (a, b) => leastLeft(a.limits) - leastLeft(b.limits) || byName(a, b);
}

/** The customers with the most denials in the last hour, most first; none that was not denied. */
export const mostThrottled = (rows: BoardRow[]) =>
  rows
    .filter((r) => r.denied > 0)
    .sort(compareRows("denied"))
    .slice(0, TOP_THROTTLED)
    .map(({ customerId, name, allowed, denied }) => ({ customerId, name, allowed, denied }));

/** Several subjects' minutes added up, oldest first, the newest `minutes` of them. */
export function addMinutes(histories: HistoryPoint[][], minutes: number): HistoryPoint[] {
  const byMinute = new Map<number, HistoryPoint>();
  for (const points of histories) {
    for (const p of points) {
      const sum = byMinute.get(p.minute);
      if (sum) {
        sum.allowed += p.allowed;
        sum.denied += p.denied;
      } else byMinute.set(p.minute, { ...p });
    }
  }
  return [...byMinute.values()].sort((a, b) => a.minute - b.minute).slice(-minutes);
}

/** A subject's checks over its minutes. */
export function hourTotals(points: HistoryPoint[]): { allowed: number; denied: number } {
  let allowed = 0;
  let denied = 0;
  for (const p of points) {
    allowed += p.allowed;
    denied += p.denied;
  }
  return { allowed, denied };
}
