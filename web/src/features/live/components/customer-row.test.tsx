// A customer's row says in words which limit denies it now and which limits its overrides set, beside each bar.
// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { LiveCustomer } from "../api/get-live-usage";
import { CustomerRow } from "./customer-row";

afterEach(cleanup);

const acme: LiveCustomer = {
  customerId: "acme",
  name: "Acme Ltd",
  planId: "pro",
  limits: [
    { name: "burst", limit: 20, remaining: 0, reset: 1_764_500_012, perMinute: 100 },
    { name: "day", limit: 9000, remaining: 8980, reset: 1_764_547_200 },
    { name: "ai.generate/day", limit: 50, remaining: 0, reset: 1_764_547_200 },
  ],
  allowed: 1988,
  denied: 12,
  denying: ["burst", "ai.generate/day"],
  overridden: ["day"],
};

const limitItem = (name: string) =>
  within(screen.getByRole("list", { name: "Limits of Acme Ltd" }))
    .getAllByRole("listitem")
    .find((item) => item.querySelector(".live-limit-name")?.textContent === name) as HTMLElement;

test("the limits that deny now are named in words, in the row and on their bars", () => {
  render(<CustomerRow customer={acme} />);
  const row = screen.getByRole("article", { name: "Usage of Acme Ltd" });
  expect(within(row).getByText("Denied now by Burst, ai.generate · Per day")).toBeTruthy();
  expect(within(limitItem("Burst")).getByText("Denying")).toBeTruthy();
  expect(within(limitItem("ai.generate · Per day")).getByText("Denying")).toBeTruthy();
  expect(within(limitItem("Per day")).queryByText("Denying")).toBeNull();
  expect(within(row).getByText("Last hour: 1,988 allowed, 12 denied")).toBeTruthy();
});

test("a limit the overrides set is marked custom; each bar shows what is left and what is used", () => {
  render(<CustomerRow customer={acme} />);
  expect(within(limitItem("Per day")).getByText("custom")).toBeTruthy();
  expect(within(limitItem("Burst")).queryByText("custom")).toBeNull();
  expect(within(limitItem("Per day")).getByText("8,980 of 9,000 left")).toBeTruthy();
  expect(screen.getByRole("meter", { name: "Per day used" }).getAttribute("aria-valuetext")).toBe("20 of 9,000 used");
});

test("a customer nothing denies says nothing of denial", () => {
  render(<CustomerRow customer={{ ...acme, denying: [] }} />);
  expect(screen.queryByText(/Denied now/)).toBeNull();
  expect(screen.queryByText("Denying")).toBeNull();
});

test("what servers hold of a limit as local shares is said on its bar, only where they hold some", () => {
  const limits = acme.limits.map((l) => (l.name === "day" ? { ...l, held: 1200 } : l));
  render(<CustomerRow customer={{ ...acme, limits }} />);
  expect(within(limitItem("Per day")).getByText("1,200 held by servers")).toBeTruthy();
  expect(within(limitItem("Burst")).queryByText(/held by servers/)).toBeNull();
  expect(screen.getAllByText(/held by servers/)).toHaveLength(1);
});

test("requests in flight read as slots free, and a Concurrent with none free is named as denying", () => {
  const limits = [
    ...acme.limits,
    { name: "concurrent", limit: 5, remaining: 2, reset: 1_764_500_000 },
    { name: "ai.generate/concurrent", limit: 2, remaining: 0, reset: 1_764_500_040 },
  ];
  render(<CustomerRow customer={{ ...acme, limits, denying: ["ai.generate/concurrent"] }} />);
  expect(within(limitItem("Concurrent")).getByText("2 of 5 free")).toBeTruthy();
  expect(screen.getByRole("meter", { name: "Concurrent used" }).getAttribute("aria-valuetext")).toBe(
    "3 of 5 in flight",
  );
  expect(within(limitItem("ai.generate · Concurrent")).getByText("Denying")).toBeTruthy();
  expect(screen.getByText("Denied now by ai.generate · Concurrent")).toBeTruthy();
  // The windows keep their words.
  expect(within(limitItem("Per day")).getByText("8,980 of 9,000 left")).toBeTruthy();
});
