// The 412 view's rows: the admin's changes against the current version, field by field, differences marked.
import { expect, test } from "vitest";
import type { Plan } from "../../../lib/domain";
import { conflictRows } from "./plan-conflict";

const current: Plan = {
  id: "pro",
  name: "Pro (2027)",
  burst: null,
  perMinute: 60,
  perHour: 5000,
  perDay: 90000,
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
  localShare: 100,
  alerts: [],
  version: 4,
  createdAt: "2026-11-30T10:00:00.000Z",
  updatedAt: "2026-11-30T11:00:00.000Z",
};

const row = (rows: ReturnType<typeof conflictRows>, label: string) => rows.find((r) => r.label === label);

test("a field the admin changed shows their value, marked when it differs from the current one", () => {
  const rows = conflictRows({ perHour: 6000, failMode: "closed" }, current);
  expect(row(rows, "Per hour")).toEqual({ label: "Per hour", mine: "6,000", current: "5,000", differs: true });
  expect(row(rows, "Fail mode")).toEqual({ label: "Fail mode", mine: "Closed", current: "Open", differs: true });
});

test("a field the admin did not change keeps the current value and is not marked", () => {
  const rows = conflictRows({ perHour: 6000 }, current);
  expect(row(rows, "Name")).toEqual({ label: "Name", mine: null, current: "Pro (2027)", differs: false });
  expect(row(rows, "Per day")).toEqual({ label: "Per day", mine: null, current: "90,000", differs: false });
});

test("a change the other admin already made the same way is not a difference", () => {
  expect(row(conflictRows({ perDay: 90000 }, current), "Per day")).toMatchObject({ mine: "90,000", differs: false });
});

test("every field of the plan has its row, with the plans table's labels and words", () => {
  const rows = conflictRows({ burst: 120, resources: {}, shadow: true }, current);
  expect(rows.map((r) => r.label)).toEqual([
    "Name",
    "Burst",
    "Per minute",
    "Per hour",
    "Per day",
    "Per week",
    "Per month",
    "Concurrent",
    "Resources",
    "Fail mode",
    "Shadow",
    "Local share",
    "Alerts",
  ]);
  expect(row(rows, "Burst")).toMatchObject({ mine: "120", current: "60 (per minute)", differs: true });
  expect(row(rows, "Resources")).toMatchObject({
    mine: "None",
    current: "ai.generate: Per minute 10, Per day 500",
    differs: true,
  });
  expect(row(rows, "Shadow")).toMatchObject({ mine: "On", current: "Off", differs: true });
  expect(row(rows, "Local share")).toMatchObject({ mine: null, current: "100 units", differs: false });
});

test("a local share turned off is a change of its own, shown as Off", () => {
  expect(row(conflictRows({ localShare: null }, current), "Local share")).toEqual({
    label: "Local share",
    mine: "Off",
    current: "100 units",
    differs: true,
  });
});

test("alerts show as percents, None when off", () => {
  expect(row(conflictRows({ alerts: [80, 100] }, current), "Alerts")).toEqual({
    label: "Alerts",
    mine: "80 %, 100 %",
    current: "None",
    differs: true,
  });
  expect(row(conflictRows({}, { ...current, alerts: [50] }), "Alerts")).toMatchObject({ mine: null, current: "50 %" });
});
