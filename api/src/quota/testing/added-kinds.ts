// Kinds of window no plan has, each a row written here alone (as in domain/limit-kinds.ts, less what plans need), for
// the store contract to count in: a second, of fixed length, and a quarter, three calendar months from the billing
// day. A store that passes with them needs no edit for a new kind; check.lua learns each from its spec arguments.
import type { WindowKind } from "../../domain/limit-kinds";
import type { AddedKind } from "./added-kind-contract";

const second: WindowKind = {
  window: "second",
  rule: { lengthMs: 1000, offsetMs: 0 },
  hashFields: ["si", "sc"],
  alwaysCounted: false,
};

export const quarter: WindowKind = {
  window: "quarter",
  rule: { months: 3 },
  hashFields: ["qi", "qc"],
  alwaysCounted: false,
};

export const ADDED_KINDS: readonly AddedKind[] = [
  { kind: second, billingDay: null, window: ["2026-11-30T10:20:30.000Z", "2026-11-30T10:20:31.000Z"] },
  // The calendar's quarters: from January, April, July and October.
  { kind: quarter, billingDay: null, window: ["2026-10-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"] },
  // From the 31st, or a month's last day without one: 31 January to 30 April.
  { kind: quarter, billingDay: 31, window: ["2027-01-31T00:00:00.000Z", "2027-04-30T00:00:00.000Z"] },
];
