// A plan and a customer for the console's tests: Pro (100 a minute, 5,000 an hour, 50,000 a day, fail open) and a
// customer on it, each changed by the fields a test gives.
import { type Customer, noLimits, type Plan } from "../lib/domain";

const at = "2026-11-30T10:00:00.000Z";

export const proPlan = (fields: Partial<Plan> = {}): Plan => ({
  id: "pro",
  name: "Pro",
  ...noLimits(),
  perMinute: 100,
  perHour: 5000,
  perDay: 50000,
  resources: {},
  failMode: "open",
  shadow: false,
  localShare: null,
  alerts: [],
  version: 1,
  createdAt: at,
  updatedAt: at,
  ...fields,
});

/** Acme, on Pro, at version 3. */
export const customerOf = (fields: Partial<Customer> = {}): Customer => ({
  id: "acme",
  name: "Acme",
  planId: "pro",
  billingDay: null,
  overrides: null,
  version: 3,
  createdAt: at,
  updatedAt: at,
  ...fields,
});
