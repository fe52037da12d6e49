// Windows that follow the calendar rather than a fixed length: ISO weeks, and months in UTC from a billing day.
// Their rules, like those of windows.ts, are matched one for one by lua/check.lua.
import type { WindowRule } from "./window-rule";

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** The epoch fell on a Thursday, so the first Monday 00:00Z after it is four days on. */
const FIRST_MONDAY_MS = 4 * DAY_MS;

/** ISO weeks: Monday 00:00Z to the next Monday; the index counts weeks from the first Monday after the epoch. */
export const WEEK_RULE: WindowRule = {
  code: "week",
  fields: ["wki", "wkc"],
  index: (nowMs) => Math.floor((nowMs - FIRST_MONDAY_MS) / WEEK_MS),
  startMs: (index) => index * WEEK_MS + FIRST_MONDAY_MS,
  endMs: (index) => (index + 1) * WEEK_MS + FIRST_MONDAY_MS,
};

/**
 * When the month numbered `month` (year × 12 + month of the year from 0) starts for billing day `day`: that day at
 * 00:00Z, or the month's last day when it has no such day (the 31st of April is the 30th).
 */
function monthStartMs(month: number, day: number): number {
  const year = Math.floor(month / 12);
  const ofYear = month - year * 12;
  const last = new Date(Date.UTC(year, ofYear + 1, 0)).getUTCDate();
  return Date.UTC(year, ofYear, Math.min(day, last));
}

function makeMonthRule(day: number): WindowRule {
  return {
    code: day === 1 ? "month" : `month:${day}`,
    // One pair of fields whatever the billing day, so that a change of billing day keeps the month's count when
    // the new window is numbered by the same month as the old one (the month it starts in).
    fields: ["moi", "moc"],
    index(nowMs) {
      const now = new Date(nowMs);
      const month = now.getUTCFullYear() * 12 + now.getUTCMonth();
      return nowMs < monthStartMs(month, day) ? month - 1 : month;
    },
    startMs: (index) => monthStartMs(index, day),
    endMs: (index) => monthStartMs(index + 1, day),
  };
}

const MONTH_RULES = Array.from({ length: 31 }, (_, i) => makeMonthRule(i + 1));

/**
 * Months in UTC from billing day `day` (1 to 31; 1 is the calendar month): from that day of one month to that day
 * of the next. The index numbers the month the window starts in, so a window that starts on 31 January and
 * runs to 28 February is January's. check.lua knows it as `month` (day 1) or `month:<day>`.
 */
export function monthRule(day = 1): WindowRule {
  const rule = MONTH_RULES[day - 1];
  if (!rule) throw new RangeError(`a billing day is 1 to 31, not ${day}`);
  return rule;
}
