// Alert thresholds typed and read, and which of them a window's use has reached, as the API counts them.
import { expect, test } from "vitest";
import { alertsText, checkAlertsInput, parseAlertsInput, thresholdsReached } from "./alerts";

const entry = (name: string, limit: number, remaining: number) => ({ name, limit, remaining, reset: 0 });

test("thresholds are typed with commas or spaces, a % allowed, and kept ascending", () => {
  expect(parseAlertsInput("")).toEqual([]);
  expect(parseAlertsInput(" 80, 100 ")).toEqual([80, 100]);
  expect(parseAlertsInput("100 80%")).toEqual([100, 80]);
  expect(parseAlertsInput("8o")).toEqual([Number.NaN]);
  expect(checkAlertsInput("100, 80")).toEqual({ alerts: [80, 100] });
  expect(checkAlertsInput("")).toEqual({ alerts: [] });
  expect(checkAlertsInput("1.5")).toEqual({ error: "Alerts must be whole numbers from 1 to 100, separated by commas" });
  expect(checkAlertsInput("50, 50")).toEqual({ error: "Give each threshold once" });
  expect(alertsText([80, 100])).toBe("80 %, 100 %");
  expect(alertsText([])).toBe("None");
});

test("a threshold is reached at ceil(limit × t / 100) units used, as the API raises it", () => {
  // 80 % of 1,000 is 800: reached at 800 used, not at 799.
  expect(thresholdsReached(entry("day", 1000, 201), [80, 100])).toEqual([]);
  expect(thresholdsReached(entry("day", 1000, 200), [80, 100])).toEqual([80]);
  expect(thresholdsReached(entry("day", 1000, 0), [80, 100])).toEqual([80, 100]);
  // 50 % of 3 is 1.5: reached at 2.
  expect(thresholdsReached(entry("hour", 3, 2), [50])).toEqual([]);
  expect(thresholdsReached(entry("hour", 3, 1), [50])).toEqual([50]);
  // 1 % of 10 is 0.1: reached at the first unit.
  expect(thresholdsReached(entry("month", 10, 9), [1])).toEqual([1]);
  expect(thresholdsReached(entry("ai.generate/week", 100, 10), [90])).toEqual([90]);
});

test("a bucket has no window and reaches no threshold; no alerts, none reached", () => {
  expect(thresholdsReached(entry("burst", 10, 0), [80, 100])).toEqual([]);
  expect(thresholdsReached(entry("ai.generate/burst", 10, 0), [80])).toEqual([]);
  expect(thresholdsReached(entry("day", 1000, 0), [])).toEqual([]);
});

test("requests in flight are no window either: every slot taken reaches no threshold, the plan's or a resource's", () => {
  expect(thresholdsReached(entry("concurrent", 5, 0), [80, 100])).toEqual([]);
  expect(thresholdsReached(entry("ai.generate/concurrent", 5, 1), [50, 80])).toEqual([]);
});
