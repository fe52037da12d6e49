import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { Budget } from "./budget";

// On the test's own clock: a real sleep can overrun by more than the gap between two deadlines on a busy machine.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("one budget for many store calls", () => {
  test("a call runs out when its own budget does, never before, and a call that answered never runs out", () => {
    const budget = new Budget(60);
    const expired: [string, number][] = [];
    const started = performance.now();
    const at = (name: string) => () => expired.push([name, performance.now() - started]);
    const first = budget.start(at("first"));
    const answered = budget.start(at("answered"));
    vi.advanceTimersByTime(30);
    const late = budget.start(at("late"));
    budget.settle(answered);
    vi.advanceTimersByTime(29);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(16);
    // 75 ms in: the first call's budget (60) is over, the late one's (30 + 60) is not.
    expect(expired).toEqual([["first", 60]]);
    vi.advanceTimersByTime(14);
    expect(expired).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual([
      ["first", 60],
      ["late", 90],
    ]);
    budget.settle(first);
    budget.settle(late);
  });

  test("under a steady stream of calls that answer, nothing runs out and the waiting list stays empty", () => {
    const budget = new Budget(20);
    let expired = 0;
    for (let i = 0; i < 50; i++) {
      const calls = Array.from({ length: 100 }, () => budget.start(() => expired++));
      vi.advanceTimersByTime(1);
      expect(budget.size).toBe(100);
      for (const call of calls) budget.settle(call);
      expect(budget.size).toBe(0);
    }
    vi.advanceTimersByTime(40);
    expect(expired).toBe(0);
    // The list empties as calls answer: what it kept of answered calls would live on into the old generation.
    expect(budget.size).toBe(0);
  });
});
