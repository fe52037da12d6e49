import { describe, expect, test } from "vitest";
import { Budget } from "./budget";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("one budget for many store calls", () => {
  test("a call runs out when its own budget does, never before, and a call that answered never runs out", async () => {
    const budget = new Budget(60);
    const expired: [string, number][] = [];
    const started = performance.now();
    const at = (name: string) => () => expired.push([name, performance.now() - started]);
    const first = budget.start(at("first"));
    const answered = budget.start(at("answered"));
    await sleep(30);
    const late = budget.start(at("late"));
    budget.settle(answered);
    await sleep(45);
    // 75 ms in: the first call's budget (60) is over, the late one's (30 + 60) is not.
    expect(expired.map(([name]) => name)).toEqual(["first"]);
    expect(expired[0]?.[1]).toBeGreaterThanOrEqual(59);
    await sleep(40);
    expect(expired.map(([name]) => name)).toEqual(["first", "late"]);
    expect(expired[1]?.[1]).toBeGreaterThanOrEqual(89);
    budget.settle(first);
    budget.settle(late);
  });

  test("under a steady stream of calls that answer, nothing runs out and the waiting list stays empty", async () => {
    const budget = new Budget(20);
    let expired = 0;
    for (let i = 0; i < 50; i++) {
      const calls = Array.from({ length: 100 }, () => budget.start(() => expired++));
      await sleep(1);
      expect(budget.size).toBe(100);
      for (const call of calls) budget.settle(call);
      expect(budget.size).toBe(0);
    }
    await sleep(40);
    expect(expired).toBe(0);
    // The list empties as calls answer: what it kept of answered calls would live on into the old generation.
    expect(budget.size).toBe(0);
  });
});
