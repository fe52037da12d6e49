// Test tooling: a Schedule (schedule.ts) that runs nothing of itself, so that a test runs background work, such as
// the config's change watcher, exactly when it says, with no real time waited.
import type { Schedule } from "../schedule";

export type ScheduledTask = { everyMs: number; bounds: boolean; run: () => Promise<void> };

/** The schedule to build an app with, the tasks given to it, and what was asked to run at once, when done. */
export function scheduleByHand() {
  const tasks: ScheduledTask[] = [];
  const atOnce: Promise<void>[] = [];
  const schedule: Schedule = (everyMs, work, { now = false, bounds = false } = {}) => {
    const task: ScheduledTask = { everyMs, bounds, run: async () => void (await work()) };
    tasks.push(task);
    if (now) atOnce.push(task.run());
    return () => void tasks.splice(tasks.indexOf(task), 1);
  };
  /** The task whose runs bound how stale a cached answer may be: the change watcher. */
  const watcher = (): ScheduledTask => {
    const found = tasks.filter((task) => task.bounds);
    if (found.length !== 1) throw new Error(`expected one bounding task, found ${found.length}`);
    return found[0] as ScheduledTask;
  };
  return { schedule, tasks, watcher, started: () => Promise.all(atOnce) };
}
