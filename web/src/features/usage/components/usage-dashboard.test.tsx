// The customer page reads every limit the key has, its resources' included, and the last 90 days, with the key.
// Requests in flight are shown as slots, free or in flight, with no window to reset and no alert threshold.
// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createQueryClient } from "../../../app/query-client";
import { json } from "../../../testing/json-response";
import { UsageDashboard } from "./usage-dashboard";

const fetchMock = vi.fn<typeof fetch>();

// 31 Dec 2026 00:00Z: the end of the month of a customer whose billing day is 31, read on 30 Nov.
const RENEWAL = Date.UTC(2026, 11, 31) / 1000;

const ANSWERS: Record<string, unknown> = {
  "/v1/me": {
    id: "acme",
    name: "Acme",
    planId: "metered",
    plan: {
      id: "metered",
      name: "Metered",
      burst: null,
      perMinute: 100,
      perHour: null,
      perDay: null,
      perWeek: null,
      perMonth: 100000,
      concurrent: 4,
      resources: {
        "ai.generate": { burst: null, perMinute: null, perHour: null, perDay: 50, perWeek: null, perMonth: null },
      },
      failMode: "closed",
      shadow: false,
      // The customer's alerts: 5 % of ai.generate's 50 a day is 3, which its 3 used reach; 10 % (5) they do not.
      alerts: [5, 10],
    },
  },
  "/v1/me/usage": {
    customerId: "acme",
    planId: "metered",
    limits: [
      { name: "burst", limit: 100, remaining: 97, reset: RENEWAL - 86400, perMinute: 100 },
      { name: "month", limit: 100000, remaining: 99997, reset: RENEWAL },
      { name: "concurrent", limit: 4, remaining: 1, reset: RENEWAL - 30 * 86400 },
      { name: "ai.generate/day", limit: 50, remaining: 47, reset: RENEWAL - 30 * 86400 },
    ],
  },
  "/v1/me/usage/history?minutes=60": { points: [{ minute: "2026-11-30T10:41:00Z", allowed: 3, denied: 0 }] },
  "/v1/me/usage/daily?days=90": {
    points: [
      { day: "2026-11-29", allowed: 10, denied: 1, units: 10 },
      { day: "2026-11-30", allowed: 3, denied: 0, units: 3 },
    ],
  },
};

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockImplementation(async (url) => {
    const body = ANSWERS[String(url)];
    return body ? json(200, body) : json(404, { error: { code: "not_found", message: "no", requestId: "r" } });
  });
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

test("the month shows its renewal date, a resource's entry its name, and the days their totals", async () => {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UsageDashboard apiKey="qk_test" onKeyRefused={() => {}} />
    </QueryClientProvider>,
  );
  expect(await screen.findByText("99,997 left this month, renews 31 Dec 2026")).toBeTruthy();
  expect(screen.getByRole("meter", { name: "ai.generate · Per day used" }).getAttribute("aria-valuetext")).toBe(
    "3 of 50 used",
  );
  expect(screen.getByText("Per day 50")).toBeTruthy();
  // The thresholds its use has reached this window, beside the bar; the month's 3 of 100,000 reach none.
  const reached = screen.getByRole("list", { name: /^Alert thresholds of ai\.generate.* reached$/ });
  expect(reached.textContent).toBe("5 % reached");
  expect(screen.getAllByRole("list", { name: /^Alert thresholds of .* reached$/ })).toHaveLength(1);
  const days = await screen.findByRole("figure", { name: "Your checks day by day" });
  expect(days.textContent).toContain("13 allowed");
  expect(days.textContent).toContain("1 denied");

  const daily = fetchMock.mock.calls.find(([url]) => String(url).startsWith("/v1/me/usage/daily"));
  expect(daily?.[0]).toBe("/v1/me/usage/daily?days=90");
  expect(new Headers(daily?.[1]?.headers).get("Authorization")).toBe("Bearer qk_test");
});

test("Concurrent shows its slots in flight and free, in the plan and as a bar, with no countdown and no threshold", async () => {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UsageDashboard apiKey="qk_test" onKeyRefused={() => {}} />
    </QueryClientProvider>,
  );
  const meter = await screen.findByRole("meter", { name: "Concurrent used" });
  expect(meter.getAttribute("aria-valuetext")).toBe("3 of 4 in flight");
  const bar = meter.closest(".limit") as HTMLElement;
  expect(within(bar).getByText("1 free")).toBeTruthy();
  expect(within(bar).getByText("3 of 4 in flight")).toBeTruthy();
  expect(within(bar).queryByText(/Resets|Resetting/)).toBeNull();
  // 3 of 4 is 75 %, past the plan's 5 % and 10 %: a window would show both; requests in flight raise no alert.
  expect(within(bar).queryByRole("list")).toBeNull();
  expect(screen.getAllByRole("list", { name: /^Alert thresholds of .* reached$/ })).toHaveLength(1);
  const plan = screen.getByText("Concurrent", { selector: "dt" }).closest("div") as HTMLElement;
  expect(within(plan).getByRole("definition").textContent).toBe("4");
});
