// The windows a limit can count in, one row each: how a window is found from the store's clock, in TypeScript
// here and in lua/check.lua under the same rule code, so that every store agrees on where a window starts and ends.

/**
 * How one kind of window is found from the store's clock. `index` numbers the window an instant falls in (the
 * number the store keeps beside the count, so a new window starts the count afresh) and `endMs` is when that
 * window ends. check.lua holds the same rule under `code`, with the same `fields`.
 */
export type WindowRule = {
  code: string;
  /** The fields of a subject's Redis hash that keep the window's index and count: never to change, or counters
   * lose their meaning across a deploy. */
  fields: readonly [index: string, count: string];
  /** The `w` of its RateLimit-Policy item: the window's length in seconds. */
  policySeconds: number;
  index(nowMs: number): number;
  endMs(index: number): number;
};

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** A window of fixed length aligned to the Unix epoch, so to UTC: `[hh:00, hh+1:00)`, `[00:00Z, next 00:00Z)`. */
function fixedWindow(code: string, fields: WindowRule["fields"], lengthMs: number): WindowRule {
  return {
    code,
    fields,
    policySeconds: lengthMs / 1000,
    index: (nowMs) => Math.floor(nowMs / lengthMs),
    endMs: (index) => (index + 1) * lengthMs,
  };
}

export const WINDOW_RULES = {
  hour: fixedWindow("hour", ["hi", "hc"], HOUR_MS),
  day: fixedWindow("day", ["di", "dc"], DAY_MS),
} as const;

export type WindowName = keyof typeof WINDOW_RULES;

/** In the order a check reports them: shorter windows first. */
export const WINDOW_NAMES = Object.keys(WINDOW_RULES) as WindowName[];
