// The kinds of limit a plan can set, one row each. The schemas, the database's columns, the rules between limits,
// the console's fields and the client's types are all derived from this table: adding a period is one row here
// and one window rule in api/src/quota/windows.ts and lua/check.lua.

export const LIMIT_KINDS = [
  {
    field: "burst",
    column: "burst",
    label: "Burst",
    // The token bucket's size; it has no window of its own and refills at perMinute.
    window: null,
    rank: 0,
    doc: "Token-bucket size: requests allowed at once, refilled at perMinute. Needs perMinute. null: the bucket holds perMinute.",
  },
  {
    field: "perMinute",
    column: "per_minute",
    label: "Per minute",
    window: null,
    rank: 0,
    doc: "Sustained rate: the bucket refills at this many requests per minute. null: no per-minute limit.",
  },
  {
    field: "perHour",
    column: "per_hour",
    label: "Per hour",
    window: "hour",
    rank: 1,
    doc: "Requests per UTC clock hour ([hh:00, hh+1:00)). null: no hourly limit.",
  },
  {
    field: "perDay",
    column: "per_day",
    label: "Per day",
    window: "day",
    rank: 2,
    doc: "Requests per UTC day ([00:00Z, next 00:00Z)). null: no daily limit.",
  },
  {
    field: "perWeek",
    column: "per_week",
    label: "Per week",
    window: "week",
    rank: 3,
    doc: "Requests per ISO week, from Monday 00:00Z to the next Monday. null: no weekly limit.",
  },
  {
    field: "perMonth",
    column: "per_month",
    label: "Per month",
    window: "month",
    rank: 4,
    doc: "Requests per month: the calendar month in UTC, or from the customer's billingDay 00:00Z to the same day of the next month (in a month without that day, from its last day). null: no monthly limit.",
  },
] as const;

export type LimitKind = (typeof LIMIT_KINDS)[number];
export type LimitField = LimitKind["field"];
/** The windows limits count in, shortest first: the names their entries carry in a check's `limits`. */
export type WindowName = NonNullable<LimitKind["window"]>;
export type Limits = Record<LimitField, number | null>;

export const LIMIT_FIELDS = LIMIT_KINDS.map((k) => k.field) as readonly LimitField[];
export const WINDOW_KINDS = LIMIT_KINDS.filter(
  (k): k is Extract<LimitKind, { window: WindowName }> => k.window !== null,
);
export const WINDOW_NAMES = WINDOW_KINDS.map((k) => k.window) as readonly WindowName[];

/** No limit of any kind: the start from which a set of limits is built. */
export const noLimits = (): Limits => Object.fromEntries(LIMIT_FIELDS.map((f) => [f, null])) as Limits;
