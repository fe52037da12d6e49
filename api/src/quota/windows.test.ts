import { describe, expect, test } from "vitest";
import type { WindowRule } from "./window-rule";
import { WINDOW_RULES, windowRule } from "./windows";

const WEEK_RULE = WINDOW_RULES.week;
const monthRule = (day = 1) => windowRule("month", day);

const at = (iso: string) => Date.parse(iso);
/** The window `iso` falls in, as [start, end) in ISO form; the window before it ends where it starts. */
function windowOf(rule: WindowRule, iso: string): [string, string] {
  const index = rule.index(at(iso));
  const start = rule.startMs(index);
  expect(rule.endMs(rule.index(start - 1))).toBe(start);
  return [new Date(start).toISOString(), new Date(rule.endMs(index)).toISOString()];
}

describe("ISO weeks", () => {
  test.each([
    ["2026-11-30T00:00:00.000Z", "2026-11-30T00:00:00.000Z", "2026-12-07T00:00:00.000Z"],
    ["2026-11-29T23:59:59.999Z", "2026-11-23T00:00:00.000Z", "2026-11-30T00:00:00.000Z"],
    // Across a year's end: Thursday 31 December 2026 is in the week of Monday 28 December.
    ["2026-12-31T12:00:00.000Z", "2026-12-28T00:00:00.000Z", "2027-01-04T00:00:00.000Z"],
    ["2024-02-29T12:00:00.000Z", "2024-02-26T00:00:00.000Z", "2024-03-04T00:00:00.000Z"],
    ["1970-01-01T00:00:00.000Z", "1969-12-29T00:00:00.000Z", "1970-01-05T00:00:00.000Z"],
  ])("%s is in [%s, %s)", (now, start, end) => {
    expect(windowOf(WEEK_RULE, now)).toEqual([start, end]);
  });
});

describe("months from a billing day", () => {
  test.each([
    // Calendar months, through February in a leap year and not, and a year's end.
    [1, "2024-02-29T23:59:59.999Z", "2024-02-01", "2024-03-01"],
    [1, "2023-02-28T23:59:59.999Z", "2023-02-01", "2023-03-01"],
    [1, "2026-12-31T23:59:59.999Z", "2026-12-01", "2027-01-01"],
    [1, "2027-01-01T00:00:00.000Z", "2027-01-01", "2027-02-01"],
    // Day 31: from the last day of months without one.
    [31, "2026-01-31T00:00:00.000Z", "2026-01-31", "2026-02-28"],
    [31, "2026-01-30T23:59:59.999Z", "2025-12-31", "2026-01-31"],
    [31, "2026-02-27T23:59:59.999Z", "2026-01-31", "2026-02-28"],
    [31, "2026-02-28T00:00:00.000Z", "2026-02-28", "2026-03-31"],
    [31, "2026-03-30T23:59:59.999Z", "2026-02-28", "2026-03-31"],
    [31, "2026-04-30T00:00:00.000Z", "2026-04-30", "2026-05-31"],
    [31, "2024-02-29T00:00:00.000Z", "2024-02-29", "2024-03-31"],
    [31, "2024-02-28T23:59:59.999Z", "2024-01-31", "2024-02-29"],
    [31, "2026-12-31T00:00:00.000Z", "2026-12-31", "2027-01-31"],
    [31, "2027-01-30T23:59:59.999Z", "2026-12-31", "2027-01-31"],
    // Days 29 and 30 in February, leap year or not; a centennial year that is not leap, and one that is.
    [29, "2023-02-28T00:00:00.000Z", "2023-02-28", "2023-03-29"],
    [29, "2024-02-28T23:59:59.999Z", "2024-01-29", "2024-02-29"],
    [30, "2100-02-28T00:00:00.000Z", "2100-02-28", "2100-03-30"],
    [30, "2000-02-29T00:00:00.000Z", "2000-02-29", "2000-03-30"],
    [17, "2026-11-30T10:00:00.000Z", "2026-11-17", "2026-12-17"],
    [17, "2027-01-16T23:59:59.999Z", "2026-12-17", "2027-01-17"],
  ])("day %i: %s is in [%s, %s)", (day, now, start, end) => {
    expect(windowOf(monthRule(day), now)).toEqual([`${start}T00:00:00.000Z`, `${end}T00:00:00.000Z`]);
  });

  test("the code each is known by: the window's name, and the billing day unless it is the 1st", () => {
    expect([monthRule().code, monthRule(1).code, monthRule(31).code]).toEqual(["month", "month", "month:31"]);
  });
});
