// The store status for each answer of /readyz: how the answer is read, the dot's tone and words, and the banner.
// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { readinessOf } from "../../app/readiness";
import { StatusBanner } from "./status-banner";
import { StatusDot } from "./status-dot";
import { statusWords } from "./status-words";

afterEach(cleanup);

// The server's answers, as api/src/routes/health.ts writes them.
const envelope = (message: string) => ({ error: { code: "store_unavailable", message, requestId: "req-1" } });
const ANSWERS = {
  ready: [200, { status: "ok", configStore: "ok", counterStore: "ok" }],
  counterDown: [503, { ...envelope("not answering: counter store"), configStore: "ok", counterStore: "down" }],
  configDown: [503, { ...envelope("not answering: config store"), configStore: "down", counterStore: "ok" }],
  bothDown: [
    503,
    { ...envelope("not answering: config store and counter store"), configStore: "down", counterStore: "down" },
  ],
} as const;

const wordsFor = (answer: readonly [number, unknown], localPlans?: string[]) =>
  statusWords(readinessOf(answer[0], answer[1]), localPlans);

describe("the words for each answer", () => {
  test("before the first answer: amber, checking, no banner", () => {
    expect(statusWords(undefined)).toEqual({ tone: "unknown", label: "Checking stores…", banner: null });
  });

  test("200: green, the stores answer, no banner", () => {
    expect(wordsFor(ANSWERS.ready)).toEqual({ tone: "ok", label: "Stores answering", banner: null });
  });

  test("503 naming the counter store: red, and what the plans' fail modes do about it", () => {
    const words = wordsFor(ANSWERS.counterDown);
    expect([words.tone, words.label, words.banner?.title]).toEqual([
      "down",
      "Counter store down",
      "The counter store is not answering.",
    ]);
    const text = words.banner?.lines.join(" ");
    expect(text).toContain("Plans that fail open are allowing every check");
    expect(text).toContain("plans that fail closed (metered) are answering 503");
    expect(text).not.toContain("cached");
    // The plans that fail local are not known yet: what such plans do, without names.
    expect(text).toContain(
      "Plans that limit locally are holding each customer to this server's share of what the customer had left; what they allow is added to the counts when the store is back.",
    );
  });

  test("503 naming the counter store, with the plans that fail local: they are named, with what they do", () => {
    const words = wordsFor(ANSWERS.counterDown, ["Pro", "Team"]);
    expect(words.banner?.lines).toEqual([
      "Plans that fail open are allowing every check, without counting it; plans that fail closed (metered) are answering 503 to every check. " +
        "Plans that limit locally (Pro, Team) are holding each customer to this server's share of what the customer had left; what they allow is added to the counts when the store is back. " +
        "Customers already denied stay denied until their retry time.",
    ]);
  });

  test("503 naming the counter store, and no plan fails local: local plans go unmentioned", () => {
    const text = wordsFor(ANSWERS.counterDown, []).banner?.lines.join(" ");
    expect(text).toBe(
      "Plans that fail open are allowing every check, without counting it; plans that fail closed (metered) are answering 503 to every check. " +
        "Customers already denied stay denied until their retry time.",
    );
  });

  test("many plans fail local: five are named, more are named four and counted", () => {
    const plans = (count: number) => Array.from({ length: count }, (_, i) => `Plan ${i + 1}`);
    const localPart = (count: number) =>
      wordsFor(ANSWERS.counterDown, plans(count)).banner?.lines[0]?.match(/locally \((.*?)\) are/)?.[1];
    expect(localPart(5)).toBe("Plan 1, Plan 2, Plan 3, Plan 4, Plan 5");
    expect(localPart(6)).toBe("Plan 1, Plan 2, Plan 3, Plan 4 and 2 more");
    expect(localPart(40)).toBe("Plan 1, Plan 2, Plan 3, Plan 4 and 36 more");
  });

  test("503 naming the config store: red, cached keys go on, the console and every change get 503", () => {
    const words = wordsFor(ANSWERS.configDown);
    expect([words.tone, words.label, words.banner?.title]).toEqual([
      "down",
      "Config store down",
      "The config store (the database) is not answering.",
    ]);
    const text = words.banner?.lines.join(" ");
    expect(text).toContain("Checks for API keys this server has cached go on");
    expect(text).toContain("every change (plans, customers, keys, tokens) are answered 503");
    expect(text).not.toContain("fail open");
  });

  test("503 naming both stores: red, and both accounts", () => {
    const words = wordsFor(ANSWERS.bothDown);
    expect([words.tone, words.label]).toEqual(["down", "Both stores down"]);
    expect(words.banner?.lines).toHaveLength(2);
    expect(words.banner?.lines[0]).toMatch(/^Config store: Checks for API keys/);
    expect(words.banner?.lines[1]).toMatch(/^Counter store: Plans that fail open/);
    const named = wordsFor(ANSWERS.bothDown, ["Pro"]);
    expect(named.banner?.lines[1]).toContain("Plans that limit locally (Pro) are holding each customer");
  });

  test("the plans that fail local are said only while the counter store is down", () => {
    expect(wordsFor(ANSWERS.configDown, ["Pro"]).banner?.lines.join(" ")).not.toContain("Pro");
    expect(wordsFor(ANSWERS.ready, ["Pro"]).banner).toBeNull();
  });

  test("an answer that names no store (a proxy's 502, no server at all): amber, status unknown", () => {
    const proxied = wordsFor([502, null]);
    expect([proxied.tone, proxied.label, proxied.banner?.title]).toEqual([
      "unknown",
      "Store status unknown",
      "The server answered 502. The stores' status is unknown.",
    ]);
    expect(wordsFor([503, envelope("upstream")]).tone).toBe("unknown");
    const unreachable = statusWords({ kind: "unknown", why: "The server could not be reached." });
    expect(unreachable.banner?.title).toBe("The server could not be reached. The stores' status is unknown.");
  });
});

describe("the dot and the banner", () => {
  test("the dot is a status with its words, so the colour is never the only sign", () => {
    render(<StatusDot words={wordsFor(ANSWERS.counterDown)} />);
    const dot = screen.getByRole("status");
    expect(dot.textContent).toBe("Counter store down");
    expect(dot.className).toContain("status-down");
  });

  test("the banner is a named region while a store is down, and nothing while both answer", () => {
    const { rerender } = render(<StatusBanner words={wordsFor(ANSWERS.counterDown)} />);
    expect(screen.getByRole("region", { name: "Store status" }).textContent).toContain(
      "The counter store is not answering.",
    );
    rerender(<StatusBanner words={wordsFor(ANSWERS.ready)} />);
    expect(screen.queryByRole("region", { name: "Store status" })).toBeNull();
  });
});
