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
