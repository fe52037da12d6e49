// The shapes of usage and history the API returns (contract section 6), and how each limit is named on screen.
import type { LimitEntry } from "../../../api/src/quota/decision";
import type { LimitName } from "../../../api/src/quota/limits";
import { LIMIT_KINDS, type LimitField, type Limits, WINDOW_KINDS } from "./domain";
import { formatCount, formatLimit } from "./format";

// A limit's name and where it stands, as the API reports them: its own types, so the two cannot drift apart.
export type { LimitEntry } from "../../../api/src/quota/decision";
export type { LimitName } from "../../../api/src/quota/limits";

export type Usage = { customerId: string; planId: string; limits: LimitEntry[] };

export type HistoryPoint = { minute: string; allowed: number; denied: number };

export type History = { points: HistoryPoint[] };

/** One UTC day's checks (`day` is YYYY-MM-DD) and the units the allowed ones consumed: what a monthly bill is made from. */
export type DailyPoint = { day: string; allowed: number; denied: number; units: number };

export type Daily = { points: DailyPoint[] };

/** The labels of the plan fields, exactly as the contract names the controls. */
export const FIELD_LABELS = Object.fromEntries(LIMIT_KINDS.map((k) => [k.field, k.label])) as Record<
  LimitField,
  string
>;

/**
 * What the form says under each plan field: its row's hint, then the rules that set the kind apart, from the same row
 * the API's rules read (a bound of its own, no comparison with the periods), so the words cannot drift from the rule.
 */
export const FIELD_HINTS = Object.fromEntries(
  LIMIT_KINDS.map((k) => {
    const rules = [
      "max" in k ? `At most ${formatCount(k.max)}` : null,
      k.rank === null ? "not compared with the period limits" : null,
    ].filter((rule) => rule !== null);
    return [k.field, rules.length === 0 ? k.hint : `${k.hint} ${rules.join("; ")}.`];
  }),
) as Record<LimitField, string>;

/** The limits an object names, in words ("Per minute 10, Per day 500"); a field left out is not said. */
export function limitsText(limits: Partial<Record<LimitField, number | null>>): string {
  const named = LIMIT_KINDS.filter((k) => limits[k.field] !== undefined);
  return named.map((k) => `${k.label} ${formatLimit(limits[k.field])}`).join(", ");
}

/** A resource's limits in words, only those it sets: a kind it leaves unset is no limit of that kind. */
export const resourceLimitsText = (limits: Limits) =>
  limitsText(Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== null)));

// An entry is named after its window; the bucket has none and goes by its field's name.
const ENTRY_LABELS: Record<string, string> = Object.fromEntries(LIMIT_KINDS.map((k) => [k.window ?? k.field, k.label]));

/** An entry's name split into the resource it belongs to (null: the plan's own) and its limit (`day`). */
export function entryParts(name: LimitName): { resource: string | null; limit: string } {
  const slash = name.lastIndexOf("/");
  return slash < 0 ? { resource: null, limit: name } : { resource: name.slice(0, slash), limit: name.slice(slash + 1) };
}

/**
 * Whether an entry limits requests in flight (`concurrent`, `ai.generate/concurrent`; contract section 14): slots that
 * free as requests end, neither a window that resets nor a bucket that refills.
 */
export const isInFlight = (name: LimitName): boolean => entryParts(name).limit === ("concurrent" satisfies LimitField);

/** "Per day" for `day`, "ai.generate · Per day" for `ai.generate/day`; a name this UI does not know shows as is. */
export function entryLabel(name: LimitName): string {
  const { resource, limit } = entryParts(name);
  const label = ENTRY_LABELS[limit] ?? limit;
  return resource === null ? label : `${resource} · ${label}`;
}

// Windows of calendar months renew on the customer's billing day: the date a bill runs to.
const RENEWING = new Set<string>(WINDOW_KINDS.filter((k) => "months" in k.rule).map((k) => k.window));

/** Whether a limit (`month`, not `ai.generate/month`) renews on the billing day, as calendar months do. */
export const renewsOnBillingDay = (limit: string): boolean => RENEWING.has(limit);

/** The minutes of history the charts show. */
export const HISTORY_MINUTES = 60;

/** The days of daily usage the charts show. */
export const DAILY_DAYS = 90;

/**
 * How often live numbers are read again, from the start of one read to the next (live-reads.ts). The contract asks
 * for at least every 2 seconds: 1.5 s leaves room for a busy browser's timers.
 */
export const LIVE_REFRESH_MS = 1500;
/** The same, as the pages say it: "every 1.5 seconds". */
export const LIVE_REFRESH_WORDS = `every ${LIVE_REFRESH_MS / 1000} seconds`;

/** How often the days are read again: today's bar grows, but nobody watches it by the second. */
export const DAILY_REFRESH_MS = 30_000;
