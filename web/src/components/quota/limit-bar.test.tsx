// The usage bar shows used of limit, what is left, and a countdown to when the limit frees up.
// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { LimitBar } from "./limit-bar";

afterEach(cleanup);

const NOW = 1_764_500_000;

test("an hourly window shows used of limit as a meter, what is left, and the time to its reset", () => {
  render(<LimitBar entry={{ name: "hour", limit: 5000, remaining: 4980, reset: NOW + 125 }} now={NOW} />);
  const meter = screen.getByRole("meter", { name: "Per hour used" });
  expect(meter.getAttribute("aria-valuenow")).toBe("20");
  expect(meter.getAttribute("aria-valuemax")).toBe("5000");
  expect(meter.getAttribute("aria-valuetext")).toBe("20 of 5,000 used");
  expect(screen.getByText("4,980 left")).toBeTruthy();
  expect(screen.getByText("Resets in 2 min 05 s")).toBeTruthy();
  expect((meter.firstElementChild as HTMLElement).style.width).toBe("0.4%");
});

test("an empty bucket is full red, says when it is full again, and names its refill rate", () => {
  const { container } = render(
    <LimitBar entry={{ name: "burst", limit: 20, remaining: 0, reset: NOW + 12, perMinute: 100 }} now={NOW} />,
  );
  expect(screen.getByRole("meter", { name: "Burst used" }).getAttribute("aria-valuetext")).toBe("20 of 20 used");
  expect(screen.getByText("Full again in 12 s")).toBeTruthy();
  expect(screen.getByText("Bucket of 20, refills 100 per minute")).toBeTruthy();
  expect(container.querySelector(".limit-full")).not.toBeNull();
});

test("a full bucket says so instead of counting down; a day past 80% turns amber", () => {
  render(
    <>
      <LimitBar entry={{ name: "burst", limit: 20, remaining: 20, reset: NOW, perMinute: 100 }} now={NOW} />
      <LimitBar entry={{ name: "day", limit: 100, remaining: 15, reset: NOW + 7300 }} now={NOW} />
    </>,
  );
  expect(screen.getByText("Full")).toBeTruthy();
  expect(screen.getByText("Resets in 2 h 01 min")).toBeTruthy();
  expect(screen.getByRole("meter", { name: "Per day used" }).closest(".limit-high")).not.toBeNull();
});

test("a countdown that has run out waits for the next read instead of going negative", () => {
  render(<LimitBar entry={{ name: "day", limit: 100, remaining: 0, reset: NOW - 1 }} now={NOW} />);
  expect(screen.getByText("Resetting…")).toBeTruthy();
});

test("the month says what is left this month and the UTC date it renews on", () => {
  // 17 Dec 2026 00:00Z: the end of a window that started on billing day 17.
  const renewal = Date.UTC(2026, 11, 17) / 1000;
  const now = renewal - (16 * 86400 + 3 * 3600);
  render(<LimitBar entry={{ name: "month", limit: 1_000_000, remaining: 987_654, reset: renewal }} now={now} />);
  expect(screen.getByRole("meter", { name: "Per month used" }).getAttribute("aria-valuetext")).toBe(
    "12,346 of 1,000,000 used",
  );
  expect(screen.getByText("987,654 left this month, renews 17 Dec 2026")).toBeTruthy();
  expect(screen.getByText("Resets in 16 d 03 h")).toBeTruthy();
});

test("a resource's entries are named after the resource and the limit; a week counts down too", () => {
  render(
    <>
      <LimitBar entry={{ name: "ai.generate/day", limit: 500, remaining: 480, reset: NOW + 3600 }} now={NOW} />
      <LimitBar entry={{ name: "ai.generate/month", limit: 9000, remaining: 9000, reset: NOW + 86400 }} now={NOW} />
      <LimitBar entry={{ name: "week", limit: 7000, remaining: 7000, reset: NOW + 3 * 86400 }} now={NOW} />
    </>,
  );
  expect(screen.getByRole("meter", { name: "ai.generate · Per day used" }).getAttribute("aria-valuetext")).toBe(
    "20 of 500 used",
  );
  expect(screen.getByText("ai.generate · Per month")).toBeTruthy();
  expect(screen.getByText(/^9,000 left this month, renews /)).toBeTruthy();
  expect(screen.getByRole("meter", { name: "Per week used" })).toBeTruthy();
  expect(screen.getByText("Resets in 3 d 00 h")).toBeTruthy();
});

test("units that servers hold as local shares are said in words, and count as used; none held says nothing", () => {
  render(
    <>
      <LimitBar entry={{ name: "hour", limit: 5000, remaining: 4900, reset: NOW + 60, held: 40 }} now={NOW} />
      <LimitBar entry={{ name: "day", limit: 50000, remaining: 49900, reset: NOW + 600 }} now={NOW} />
    </>,
  );
  expect(screen.getByText("40 held by servers, not yet spent")).toBeTruthy();
  expect(screen.getByRole("meter", { name: "Per hour used" }).getAttribute("aria-valuetext")).toBe("100 of 5,000 used");
  expect(screen.getAllByText(/held by servers/)).toHaveLength(1);
});

test("requests in flight show slots in flight and free; with one free there is nothing to count down", () => {
  const { container } = render(
    <LimitBar entry={{ name: "concurrent", limit: 5, remaining: 2, reset: NOW }} now={NOW} />,
  );
  const meter = screen.getByRole("meter", { name: "Concurrent used" });
  expect(meter.getAttribute("aria-valuenow")).toBe("3");
  expect(meter.getAttribute("aria-valuemax")).toBe("5");
  expect(meter.getAttribute("aria-valuetext")).toBe("3 of 5 in flight");
  expect(screen.getByText("2 free")).toBeTruthy();
  expect(screen.getByText("3 of 5 in flight")).toBeTruthy();
  expect(screen.getByText("Requests at once: a slot frees when a request is released or its lease ends")).toBeTruthy();
  expect(container.querySelector(".limit-reset")).toBeNull();
  expect(screen.queryByText(/left|used$|Resets|Full/)).toBeNull();
});

test("every slot taken is full red and says a slot frees by the time the first lease held ends, at the latest", () => {
  const { container } = render(
    <>
      <LimitBar entry={{ name: "ai.generate/concurrent", limit: 2, remaining: 0, reset: NOW + 45 }} now={NOW} />
      <LimitBar entry={{ name: "concurrent", limit: 5, remaining: 0, reset: NOW - 1 }} now={NOW} />
    </>,
  );
  expect(screen.getByRole("meter", { name: "ai.generate · Concurrent used" }).getAttribute("aria-valuetext")).toBe(
    "2 of 2 in flight",
  );
  expect(screen.getByText("A slot frees within 45 s")).toBeTruthy();
  expect(screen.getByText("Freeing…")).toBeTruthy();
  expect(container.querySelectorAll(".limit-full")).toHaveLength(2);
});
