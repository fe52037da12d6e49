// The rules between limits in the form's words: each message names the broken rule, on its field, with its numbers.
import { expect, test } from "vitest";
import { type Limits, noLimits } from "./domain";
import { limitRuleErrors, parseLimitInput } from "./limit-input";

const limits = (set: Partial<Limits>): Limits => ({ ...noLimits(), ...set });

test("a longer period allowing less than a shorter one is said on the longer one's field, with both numbers", () => {
  expect(limitRuleErrors(limits({ perMinute: 200, perDay: 100 }))).toEqual([
    { path: ["perDay"], message: "Per day (100) must be at least Per minute (200)" },
  ]);
  expect(limitRuleErrors(limits({ perWeek: 7000, perMonth: 6000 }))).toEqual([
    { path: ["perMonth"], message: "Per month (6,000) must be at least Per week (7,000)" },
  ]);
});

test("a field that breaks several order rules is told the largest shorter limit, which mends them all", () => {
  expect(limitRuleErrors(limits({ perMinute: 200, perHour: 300, perDay: 100 }))).toEqual([
    { path: ["perDay"], message: "Per day (100) must be at least Per hour (300)" },
  ]);
  // Burst and Per minute share a rank; a day below the burst breaks that rule, not the per-minute one.
  expect(limitRuleErrors(limits({ burst: 500, perMinute: 10, perDay: 100 }))).toEqual([
    { path: ["perDay"], message: "Per day (100) must be at least Burst (500)" },
  ]);
});

test("each field that breaks a rule gets its own message", () => {
  expect(limitRuleErrors(limits({ perHour: 5000, perDay: 4000, perWeek: 3000 }))).toEqual([
    { path: ["perDay"], message: "Per day (4,000) must be at least Per hour (5,000)" },
    { path: ["perWeek"], message: "Per week (3,000) must be at least Per hour (5,000)" },
  ]);
});

test("burst without a refill rate, and no limit at all, are said with the labels", () => {
  expect(limitRuleErrors(limits({ burst: 10 }))).toEqual([
    { path: ["burst"], message: "Burst (10) needs Per minute, the rate at which the bucket refills" },
  ]);
  expect(limitRuleErrors(limits({}))).toEqual([
    {
      path: ["perMinute"],
      message: "At least one of Burst, Per minute, Per hour, Per day, Per week, Per month, Concurrent must be set",
    },
  ]);
});

test("a resource's rule is said under its name, with the resource's own numbers", () => {
  const plan = { ...limits({ perMinute: 1000 }), resources: { "ai.generate": limits({ perHour: 100, perDay: 50 }) } };
  expect(limitRuleErrors(plan)).toEqual([
    {
      path: ["resources", "ai.generate", "perDay"],
      message: "Resource ai.generate: Per day (50) must be at least Per hour (100)",
    },
  ]);
});

test("a value that is not a valid limit yet breaks no rule between limits: the schema reports it", () => {
  expect(limitRuleErrors(limits({ perMinute: parseLimitInput("1.5"), perHour: 1 }))).toEqual([]);
  expect(limitRuleErrors(limits({ perMinute: parseLimitInput("abc"), perHour: 1 }))).toEqual([]);
});
