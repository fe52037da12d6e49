// The daily chart says its totals in words for the 90 days it shows, and every day's numbers in a table.
// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { DailyChart } from "./daily-chart";

afterEach(cleanup);

test("the days' allowed and denied checks are added up and said in words", () => {
  render(
    <DailyChart
      label="Your checks day by day"
      points={[
        { day: "2026-11-28", allowed: 31, denied: 0, units: 31 },
        { day: "2026-11-29", allowed: 0, denied: 0, units: 0 },
        { day: "2026-11-30", allowed: 5702, denied: 31, units: 5702 },
      ]}
    />,
  );
  const figure = screen.getByRole("figure", { name: "Your checks day by day" });
  expect(figure.textContent).toContain("5,733 allowed");
  expect(figure.textContent).toContain("31 denied");
  expect(figure.textContent).toContain("in the last 90 days");
  expect(screen.getByRole("img").getAttribute("aria-label")).toBe(
    "Your checks day by day: 5,733 allowed, 31 denied in the last 90 days",
  );
  expect(screen.queryByText(/No checks/)).toBeNull();
});

test("days without a check say so instead of an empty grid", () => {
  render(
    <DailyChart label="Checks of Acme per day" points={[{ day: "2026-11-30", allowed: 0, denied: 0, units: 0 }]} />,
  );
  expect(screen.getByText("No checks in the last 90 days yet.")).toBeTruthy();
});

test("every day's allowed and denied are in a table under Show as table, headed by the UTC day", () => {
  render(
    <DailyChart
      label="Your checks day by day"
      points={[
        { day: "2026-11-29", allowed: 0, denied: 0, units: 0 },
        { day: "2026-11-30", allowed: 5702, denied: 31, units: 5702 },
      ]}
    />,
  );
  const details = screen.getByText("Show as table").closest("details");
  expect(details?.open).toBe(false);
  fireEvent.click(screen.getByText("Show as table"));
  expect(details?.open).toBe(true);
  const table = screen.getByRole("table", { name: "Your checks day by day" });
  const rows = within(table)
    .getAllByRole("row")
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
  expect(rows).toEqual([
    ["Day (UTC)", "Allowed", "Denied"],
    ["29 Nov", "0", "0"],
    ["30 Nov", "5,702", "31"],
  ]);
});
