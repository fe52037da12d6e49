// Node's schedule: timers that never start a run while the last one is still going.
import { afterEach, describe, expect, test, vi } from "vitest";
import { oneAtATime, timerSchedule } from "./schedule";

afterEach(() => {
  vi.useRealTimers();
});

describe("timerSchedule", () => {
  test("a run that outlasts its period is not started again until it ends", async () => {
    vi.useFakeTimers();
    let started = 0;
    let finish = () => {};
    const stop = timerSchedule(100, () => {
      started++;
      return new Promise<void>((done) => {
        finish = done;
      });
    });
    await vi.advanceTimersByTimeAsync(550);
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(2);
    stop();
    finish();
    await vi.advanceTimersByTimeAsync(500);
    expect(started).toBe(2);
  });
});

describe("oneAtATime", () => {
  test("a call during a run answers with that run, and a failed run does not block the next", async () => {
    let calls = 0;
    const run = oneAtATime(async () => {
      calls++;
      if (calls === 1) throw new Error("the store is down");
      return calls;
    });
    const first = run();
    expect(run()).toBe(first);
    await expect(first).rejects.toThrow("the store is down");
    await expect(run()).resolves.toBe(2);
  });
});
