// target(): what a check is held to, from a plan and a customer's overrides.
import { describe, expect, test } from "vitest";
import { target } from "./customer-target";
import { proPlan } from "./testing/pro-plan";

const plan = proPlan;

describe("target's local share", () => {
  test("is the plan's for anonymous traffic and for a customer without an override", () => {
    expect(target(plan).localShare).toBe(50);
    expect(target(plan, { id: "acme", billingDay: null, overrides: null }).localShare).toBe(50);
    expect(target(plan, { id: "acme", billingDay: null, overrides: { perDay: 1000 } }).localShare).toBe(50);
    expect(target({ ...plan, localShare: null }, { id: "acme", billingDay: null, overrides: null }).localShare).toBe(
      null,
    );
  });

  test("is the customer's override over the plan's, null included (off)", () => {
    expect(target(plan, { id: "acme", billingDay: null, overrides: { localShare: 800 } }).localShare).toBe(800);
    expect(target(plan, { id: "acme", billingDay: null, overrides: { localShare: null } }).localShare).toBe(null);
    const off = { ...plan, localShare: null };
    expect(target(off, { id: "acme", billingDay: null, overrides: { localShare: 2 } }).localShare).toBe(2);
  });
});
