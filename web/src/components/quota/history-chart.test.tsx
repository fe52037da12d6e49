// The hour's chart: its totals in words, and each minute's allowed and denied in a table for screen readers.
// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { formatMinute } from "../../lib/format";
import { HistoryChart } from "./history-chart";

afterEach(cleanup);

const [first, second] = [
  { minute: "2026-11-30T10:40:00Z", allowed: 12, denied: 0 },
  { minute: "2026-11-30T10:41:00Z", allowed: 1500, denied: 7 },
];
const points = [first, second];

test("the totals are said in words, and every minute's numbers are a row of the table", () => {
  render(<HistoryChart label="Checks per minute" points={points} />);
  expect(screen.getByRole("img").getAttribute("aria-label")).toBe(
    "Checks per minute: 1,512 allowed, 7 denied in the last hour",
  );
  const table = screen.getByRole("table", { name: "Checks per minute" });
  const rows = within(table)
    .getAllByRole("row")
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
  expect(rows).toEqual([
    ["Minute", "Allowed", "Denied"],
    [formatMinute(first.minute), "12", "0"],
    [formatMinute(second.minute), "1,500", "7"],
  ]);
});
