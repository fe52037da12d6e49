// Applying an admin's plan edit over a newer version keeps what the other admin changed inside a resource.
import { expect, test } from "vitest";
import { type Limits, noLimits, type Plan } from "../../../lib/domain";
import { proPlan } from "../../../testing/fixtures";
import { rebasePlan } from "./rebase-plan";

const plan = (resources: Plan["resources"], version: number) => proPlan({ resources, version });
const limits = (set: Partial<Limits>): Limits => ({ ...noLimits(), ...set });

test("a limit changed in a resource keeps the other admin's change to another of its limits (audit)", () => {
  const base = plan({ "ai.generate": limits({ perMinute: 10, perDay: 500 }) }, 1);
  const current = plan({ "ai.generate": limits({ perMinute: 20, perDay: 500 }) }, 2);
  const mine = { resources: { "ai.generate": limits({ perMinute: 10, perDay: 700 }) } };
  expect(rebasePlan(mine, base, current)).toEqual({
    resources: { "ai.generate": limits({ perMinute: 20, perDay: 700 }) },
  });
});

test("a resource added or removed by either admin stays so; a limit this admin cleared is cleared", () => {
  const base = plan({ a: limits({ perDay: 5 }), b: limits({ perHour: 3, perDay: 9 }) }, 1);
  const current = plan({ a: limits({ perDay: 5 }), b: limits({ perHour: 3, perDay: 9 }), c: limits({ perDay: 1 }) }, 2);
  const mine = { name: "Team", resources: { b: limits({ perDay: 9 }), d: limits({ perMinute: 4 }) } };
  expect(rebasePlan(mine, base, current)).toEqual({
    name: "Team",
    resources: { b: limits({ perDay: 9 }), c: limits({ perDay: 1 }), d: limits({ perMinute: 4 }) },
  });
});

test("a patch that leaves the resources alone is sent as it is", () => {
  const mine = { perDay: 900 };
  expect(rebasePlan(mine, plan({ a: limits({ perDay: 5 }) }, 1), plan({}, 2))).toBe(mine);
});
