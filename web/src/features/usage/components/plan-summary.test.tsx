// The customer page names the plan and says which of its values are the customer's own, not the plan's.
// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { Me } from "../api/get-me";
import { PlanSummary, planTitle } from "./plan-summary";

afterEach(cleanup);

const plan: Me["plan"] = {
  id: "pro",
  name: "Pro",
  burst: null,
  perMinute: 100,
  perHour: 5000,
  perDay: 100000,
  perWeek: null,
  perMonth: null,
  concurrent: null,
  resources: {
    "ai.generate": {
      burst: null,
      perMinute: 10,
      perHour: null,
      perDay: 500,
      perWeek: null,
      perMonth: null,
      concurrent: null,
    },
  },
  failMode: "open",
  shadow: false,
  alerts: [],
};

test("the title is the plan's name alone when the customer has the plan as it is", () => {
  expect(planTitle({ plan, overrides: null })).toBe("Pro plan");
  // An empty override of a resource changes nothing.
  expect(planTitle({ plan, overrides: { resources: { "ai.generate": {} } } })).toBe("Pro plan");
});

test("the title says what is custom: limits (its own or a resource's), fail mode, shadow mode", () => {
  expect(planTitle({ plan, overrides: { perDay: 100000 } })).toBe("Pro plan, with custom limits");
  expect(planTitle({ plan, overrides: { resources: { "ai.generate": { perDay: 900 } } } })).toBe(
    "Pro plan, with custom limits",
  );
  expect(planTitle({ plan, overrides: { failMode: "closed" } })).toBe("Pro plan, with custom fail mode");
  expect(planTitle({ plan, overrides: { perHour: 6000, shadow: true } })).toBe(
    "Pro plan, with custom limits and shadow mode",
  );
  expect(planTitle({ plan, overrides: { perHour: 6000, failMode: "closed", shadow: false } })).toBe(
    "Pro plan, with custom limits, fail mode and shadow mode",
  );
});

test("the summary marks each custom value, and says what checks do when limits cannot be counted", () => {
  render(
    <PlanSummary
      plan={{ ...plan, perHour: 6000, failMode: "closed" }}
      overrides={{ perHour: 6000, failMode: "closed", resources: { "ai.generate": { perDay: 900 } } }}
    />,
  );
  const value = (term: string) =>
    [...document.querySelectorAll("dt")].find((dt) => dt.textContent === term)?.nextElementSibling?.textContent;
  expect(value("Per hour")).toBe("6,000 (custom)");
  expect(value("Per minute")).toBe("100");
  expect(value("ai.generate")).toMatch(/\(custom\)$/);
  expect(value("When limits cannot be counted")).toBe("Checks are refused (custom)");
});

test("Burst says the bucket the plan has: per minute's size when no burst is set; a local fail mode says what it does", () => {
  render(<PlanSummary plan={{ ...plan, failMode: "local" }} overrides={null} />);
  const value = (term: string) =>
    [...document.querySelectorAll("dt")].find((dt) => dt.textContent === term)?.nextElementSibling?.textContent;
  // No burst, per minute 100: the bucket holds 100, as the limit bar below it says; not "No limit".
  expect(value("Burst")).toBe("100 (per minute)");
  expect(value("Per week")).toBe("No limit");
  expect(value("When limits cannot be counted")).toBe("Each server keeps limiting on its share of what is left");
});
