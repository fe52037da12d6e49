// Windows of calendar months in UTC from a customer's billing day (a month, a quarter): the rule of a row of
// domain/limit-kinds.ts whose window is `{ months }`. lua/check.lua finds the same windows from the rule's params.
import type { WindowKind } from "../domain/limit-kinds";
import type { WindowRule } from "./window-rule";

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

/**
 * Windows of `months` months from billing day `day` (1 to 31; 1 follows the calendar): from that day of one month to
 * that day `months` months later. The index numbers the month the window starts in (divided by `months`), so a month
 * that starts on 31 January and runs to 28 February is January's, times 100, plus the day it starts on: windows of
 * different billing days that start in one month differ, and are in the order they start. Its code is the window's
 * name, with the day after a colon unless it is the 1st (`month:17`).
 */
export function calendarRule(kind: WindowKind, months: number, day: number): WindowRule {
  const [index, count] = kind.hashFields;
  return {
    code: day === 1 ? kind.window : `${kind.window}:${day}`,
    // One pair of fields whatever the billing day, so that a change of billing day keeps the window's count when the
    // old window began no earlier than the new one (its index the same or greater: counting.ts): every check the old
    // one counted falls in the new one. One that began earlier may hold checks from before the new one: afresh.
    fields: kind.hashFields,
    params: `${index}:${count}:${months}mo:${day}`,
    lengthVaries: true,
    daily: false,
    wholeDays: true,
    index(nowMs) {
      const now = new Date(nowMs);
      const month = now.getUTCFullYear() * 12 + now.getUTCMonth();
      const n = Math.floor((nowMs < monthStartMs(month, day) ? month - 1 : month) / months);
      return n * 100 + new Date(monthStartMs(n * months, day)).getUTCDate();
    },
    // The day an index says it starts on: another billing day's, for a month kept from before the day moved.
    startMs: (i) => monthStartMs(Math.floor(i / 100) * months, i % 100),
    endMs: (i) => monthStartMs((Math.floor(i / 100) + 1) * months, day),
  };
}
