// target(): what a check is held to, from a plan and a customer's overrides.
import { describe, expect, test } from "vitest";
import type { Plan } from "../domain/plan";
import { target } from "./customer-target";

const plan: Plan = {
  id: "pro",
  name: "Pro",
  burst: null,
  perMinute: 100,
  perHour: null,
  perDay: null,
  perWeek: null,
  perMonth: null,
  resources: {},
  failMode: "open",
  shadow: false,
  localShare: 50,
  version: 1,
  createdAt: "2026-11-30T10:00:00.000Z",
  updatedAt: "2026-11-30T10:00:00.000Z",
};

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
