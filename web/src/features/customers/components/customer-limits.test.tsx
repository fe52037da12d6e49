// A customer's limits now, on its admin view: a bar each, and beside each window's bar the alert thresholds its use
// has reached, the customer's own thresholds over its plan's.
// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { customerOf, proPlan } from "../../../testing/fixtures";
import { json } from "../../../testing/json-response";
import { renderAsAdmin, signInWithFetch } from "../../../testing/signed-in-admin";
import { CustomerLimits } from "./customer-limits";

const fetchMock = vi.fn<typeof fetch>();

signInWithFetch(fetchMock);

const reset = Math.floor(Date.now() / 1000) + 600;
const usage = {
  customerId: "acme",
  planId: "pro",
  limits: [
    { name: "burst", limit: 10, remaining: 0, reset, perMinute: 100 },
    { name: "hour", limit: 5000, remaining: 4000, reset },
    { name: "day", limit: 1000, remaining: 150, reset },
  ],
};

test("each window shows the plan's thresholds its use has reached; a bucket shows none", async () => {
  fetchMock.mockResolvedValue(json(200, usage));
  renderAsAdmin(<CustomerLimits customer={customerOf()} plan={proPlan({ alerts: [20, 80, 100] })} />);
  const day = await screen.findByRole("list", { name: "Alert thresholds of Per day reached" });
  expect(
    within(day)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual(["20 % reached", "80 % reached"]);
  // 1,000 of 5,000 is 20 %: reached at 1,000 used.
  const hour = screen.getByRole("list", { name: "Alert thresholds of Per hour reached" });
  expect(
    within(hour)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual(["20 % reached"]);
  expect(screen.queryByRole("list", { name: "Alert thresholds of Burst reached" })).toBeNull();
  expect(screen.getByRole("meter", { name: "Burst used" })).toBeTruthy();
  expect(fetchMock.mock.calls[0]?.[0]).toBe("/v1/customers/acme/usage");
});

test("the customer's own thresholds replace the plan's, and none ([]) shows no badge", async () => {
  fetchMock.mockResolvedValue(json(200, usage));
  const plan = proPlan({ alerts: [20, 80] });
  renderAsAdmin(<CustomerLimits customer={customerOf({ overrides: { alerts: [50] } })} plan={plan} />);
  const day = await screen.findByRole("list", { name: "Alert thresholds of Per day reached" });
  expect(
    within(day)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual(["50 % reached"]);
  expect(screen.queryByRole("list", { name: "Alert thresholds of Per hour reached" })).toBeNull();
});

test("alerts turned off for the customer show no badge at all", async () => {
  fetchMock.mockResolvedValue(json(200, usage));
  renderAsAdmin(
    <CustomerLimits customer={customerOf({ overrides: { alerts: [] } })} plan={proPlan({ alerts: [20] })} />,
  );
  expect(await screen.findByRole("meter", { name: "Per day used" })).toBeTruthy();
  expect(screen.queryAllByText(/% reached/)).toEqual([]);
});

test("Concurrent in Limits now: slots in flight and free, and no threshold badge however full", async () => {
  fetchMock.mockResolvedValue(
    json(200, {
      ...usage,
      limits: [...usage.limits, { name: "concurrent", limit: 4, remaining: 0, reset: reset - 590 }],
    }),
  );
  renderAsAdmin(<CustomerLimits customer={customerOf()} plan={proPlan({ concurrent: 4, alerts: [20, 80, 100] })} />);
  const meter = await screen.findByRole("meter", { name: "Concurrent used" });
  expect(meter.getAttribute("aria-valuetext")).toBe("4 of 4 in flight");
  expect(screen.getByText("0 free")).toBeTruthy();
  expect(screen.queryByRole("list", { name: "Alert thresholds of Concurrent reached" })).toBeNull();
  // The day's badges are still there: only the entry without a window has none.
  expect(screen.getByRole("list", { name: "Alert thresholds of Per day reached" })).toBeTruthy();
});
