// A plan as the store gives it back, for the config layer's tests: 100 a minute, a local share of 50.
import { noLimits, type Plan } from "../../domain/plan";

export const proPlan: Plan = {
  id: "pro",
  name: "Pro",
  ...noLimits(),
  perMinute: 100,
  resources: {},
  failMode: "open",
  shadow: false,
  localShare: 50,
  alerts: [],
  version: 1,
  createdAt: "2026-11-30T10:00:00.000Z",
  updatedAt: "2026-11-30T10:00:00.000Z",
};
