// The Worker's schedule: work comes due by the clock and runs from requests; only late staleness-bounding work waits.
import { describe, expect, test } from "vitest";
import { requestSchedule } from "./request-schedule";

describe("background work run from requests", () => {
  test("each task runs once per period, when a request finds it due, and not after it is stopped", async () => {
    let now = 1_000;
    const { schedule, runDue } = requestSchedule(() => now);
    let flushes = 0;
    const stop = schedule(1000, () => {
      flushes++;
    });
    await runDue().background;
    expect(flushes).toBe(0);
    now += 1000;
    await runDue().background;
    await runDue().background;
    expect(flushes).toBe(1);
    now += 999;
    await runDue().background;
    expect(flushes).toBe(1);
    now += 1;
    await runDue().background;
    expect(flushes).toBe(2);
    stop();
    now += 5000;
    await runDue().background;
    expect(flushes).toBe(2);
  });

  test("work that bounds staleness runs on the first request and is waited for only when a whole period late", async () => {
    let now = 50_000;
    const { schedule, runDue } = requestSchedule(() => now);
    const runs: string[] = [];
    schedule(500, () => runs.push("watch"), { now: true, bounds: true });
    schedule(500, () => runs.push("flush"), { now: true });
    // The first request: both due at once; it waits for the watcher, the flush goes to waitUntil.
    const first = runDue();
    await first.wait;
    expect(runs).toContain("watch");
    await first.background;
    expect(runs.sort()).toEqual(["flush", "watch"]);
    // Just due: the watcher runs beside the answer.
    now += 500;
    const onTime = runDue();
    await onTime.wait;
    await onTime.background;
    expect(runs.filter((r) => r === "watch")).toHaveLength(2);
    // After an idle spell the cached config may be older than the TTL: the request waits for the watcher.
    now += 5_000;
    let watched = false;
    schedule(
      500,
      () => {
        watched = true;
      },
      { bounds: true },
    );
    now += 1_000;
    await runDue().wait;
    expect(watched).toBe(true);
  });

  test("a task that throws is contained: the request still answers, and the task runs again next period", async () => {
    let now = 0;
    const { schedule, runDue } = requestSchedule(() => now);
    let tries = 0;
    schedule(
      100,
      () => {
        tries++;
        throw new Error("the store is down");
      },
      { now: true, bounds: true },
    );
    await expect(runDue().wait).resolves.toBeDefined();
    now += 100;
    await runDue().background;
    expect(tries).toBe(2);
  });

  test("a task still running when it comes due again is not started twice; a late request waits for that run", async () => {
    let now = 0;
    const { schedule, runDue } = requestSchedule(() => now);
    let started = 0;
    let finish = () => {};
    schedule(
      100,
      () => {
        started++;
        return new Promise<void>((done) => {
          finish = done;
        });
      },
      { bounds: true },
    );
    now = 100;
    void runDue();
    // Two periods on, the first run (a stalled store read) still has not answered.
    now = 300;
    let waited = false;
    const late = runDue().wait.then(() => {
      waited = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect([started, waited]).toEqual([1, false]);
    finish();
    await late;
    expect(started).toBe(1);
  });

  test("a request that finds nothing due gets nothingDue, until the earliest task, one scheduled later included", async () => {
    let now = 0;
    const { schedule, runDue, nothingDue } = requestSchedule(() => now);
    const runs: string[] = [];
    schedule(1000, () => runs.push("slow"));
    now = 400;
    expect(runDue()).toBe(nothingDue);
    const stop = schedule(100, () => runs.push("quick"));
    now = 499;
    expect(runDue()).toBe(nothingDue);
    now = 500;
    const due = runDue();
    expect(due).not.toBe(nothingDue);
    await due.background;
    expect(runs).toEqual(["quick"]);
    stop();
    // The stopped task was the earliest: one request goes over the tasks and finds nothing, then none until 1000.
    now = 600;
    await runDue().background;
    now = 999;
    expect(runDue()).toBe(nothingDue);
    now = 1000;
    await runDue().background;
    expect(runs).toEqual(["quick", "slow"]);
  });
});
