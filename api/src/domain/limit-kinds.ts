// The kinds of limit a plan can set, one row each. Everything else follows from this table: the schemas and their
// examples, the database's columns, the rules between limits, the console's fields and hints, the client's types, the
// window rules of api/src/quota/windows.ts, and the rule parameters lua/check.lua is sent. Adding a period is one row
// here and its migration (`npm run db:generate` makes the column; to it, add the bounds customers' overrides put on
// the new field, as migration 0011 wrote them for every kind: domain/override-bounds.ts).

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** The epoch fell on a Thursday, so the first Monday 00:00Z after it is four days on: where ISO weeks count from. */
const FIRST_MONDAY_MS = 4 * DAY_MS;

/**
 * How a kind of window is marked out on the store's clock: a fixed length, in windows counted from `offsetMs` after
 * the epoch (so aligned to UTC); or `months` calendar months in UTC from the customer's billing day (the 1st when it
 * has none), numbered year × 12 + month of the year from 0, so that three months are the calendar's quarters.
 */
export type WindowRuleParams = { readonly lengthMs: number; readonly offsetMs: number } | { readonly months: number };

/** What a window kind's row says of its window: all the stores need to count in it. */
export type WindowKind = {
  /** The name of its entry in a check's `limits`. */
  readonly window: string;
  readonly rule: WindowRuleParams;
  /**
   * The fields of a subject's Redis hash that keep the window's index and count: never to change once deployed, or
   * the counters in Redis lose their meaning.
   */
  readonly hashFields: readonly [index: string, count: string];
  /**
   * Counted even where the customer has no limit in it, so that a limit added later counts what its window has
   * already used. Long windows are counted only where limited: counting them for everyone would keep every subject's
   * counters for weeks (anonymous addresses included) and cost every check more windows. Such a limit added later
   * (a window of whole UTC days) has its window's use worked out from the subject's days (WindowRule.wholeDays).
   */
  readonly alwaysCounted: boolean;
};

type LimitKindRow = {
  /** The plan's field, in the API and the console. */
  readonly field: string;
  /** The plans table's column. */
  readonly column: string;
  /** The console's label. */
  readonly label: string;
  /**
   * Limits of a lower rank may not be larger than a set one of a higher rank (burst and perMinute share 0); null: a
   * limit of another sort, compared with none (requests in flight are not a period).
   */
  readonly rank: number | null;
  /** The largest value the field takes (LIMIT_MAX when not said). */
  readonly max?: number;
  /** What the field means to an API user (the OpenAPI document). */
  readonly doc: string;
  /** What the console shows under the field. */
  readonly hint: string;
  /** The field's value in the documentation's example plan. */
  readonly example: number | null;
} & ({ readonly window: null } | WindowKind);

export const LIMIT_KINDS = [
  {
    field: "burst",
    column: "burst",
    label: "Burst",
    // The token bucket's size; it has no window of its own and refills at perMinute.
    window: null,
    rank: 0,
    doc: "Token-bucket size: requests allowed at once, refilled at perMinute. Needs perMinute. null: the bucket holds perMinute.",
    hint: "Requests allowed at once, refilled at Per minute. Empty: the bucket holds Per minute.",
    example: 20,
  },
  {
    field: "perMinute",
    column: "per_minute",
    label: "Per minute",
    window: null,
    rank: 0,
    doc: "Sustained rate: the bucket refills at this many requests per minute. null: no per-minute limit.",
    hint: "Sustained rate: the bucket refills at this many per minute.",
    example: 100,
  },
  {
    field: "perHour",
    column: "per_hour",
    label: "Per hour",
    window: "hour",
    rule: { lengthMs: HOUR_MS, offsetMs: 0 },
    hashFields: ["hi", "hc"],
    alwaysCounted: true,
    rank: 1,
    doc: "Requests per UTC clock hour ([hh:00, hh+1:00)). null: no hourly limit.",
    hint: "Per UTC clock hour.",
    example: 5000,
  },
  {
    field: "perDay",
    column: "per_day",
    label: "Per day",
    window: "day",
    rule: { lengthMs: DAY_MS, offsetMs: 0 },
    hashFields: ["di", "dc"],
    alwaysCounted: true,
    rank: 2,
    doc: "Requests per UTC day ([00:00Z, next 00:00Z)). null: no daily limit.",
    hint: "Per UTC day.",
    example: 50000,
  },
  {
    field: "perWeek",
    column: "per_week",
    label: "Per week",
    window: "week",
    rule: { lengthMs: WEEK_MS, offsetMs: FIRST_MONDAY_MS },
    hashFields: ["wki", "wkc"],
    alwaysCounted: false,
    rank: 3,
    doc: "Requests per ISO week, from Monday 00:00Z to the next Monday. null: no weekly limit.",
    hint: "Monday to Monday, UTC.",
    example: null,
  },
  {
    field: "perMonth",
    column: "per_month",
    label: "Per month",
    window: "month",
    rule: { months: 1 },
    hashFields: ["moi", "moc"],
    alwaysCounted: false,
    rank: 4,
    doc: "Requests per month: the calendar month in UTC, or from the customer's billingDay 00:00Z to the same day of the next month (in a month without that day, from its last day). null: no monthly limit.",
    hint: "Calendar month, or from each customer's billing day.",
    example: 1000000,
  },
  {
    field: "concurrent",
    column: "concurrent",
    label: "Concurrent",
    // Requests in flight at once: a lease per request, held until released or until it expires (contract section 14).
    window: null,
    rank: null,
    max: 1_000_000,
    doc: "Requests in flight at once: each allowed check takes a lease (released by POST /v1/release, or ended at its expiresAt), and a check is denied while this many are held. 1 to 1,000,000; null: no limit on requests in flight.",
    hint: "Requests in flight at once; each holds a lease until released or expired.",
    example: null,
  },
] as const satisfies readonly LimitKindRow[];

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

/** Each field's value in the documentation's example plan. */
export const LIMIT_EXAMPLES = Object.fromEntries(LIMIT_KINDS.map((k) => [k.field, k.example])) as Limits;
