// The schedule of a Worker's background work: timers there die with the request that set them (issue 16: a
// setInterval fired 0 times after the response), so each request runs the work that has come due, under waitUntil.
import { oneAtATime, type Schedule } from "../schedule";

type Task = { everyMs: number; run: () => Promise<unknown>; dueAt: number; bounds: boolean };

type Due = { wait: Promise<unknown>; background: Promise<unknown> };

export type RequestSchedule = {
  schedule: Schedule;
  /**
   * Starts every task that is due and returns what the request must wait for before it answers: the tasks that bound
   * how stale an answer may be (the config's change watcher) when a whole period has passed since they were due, as
   * after an idle spell. The rest the caller hands to waitUntil. When nothing is due, as for nearly every request, it
   * returns `nothingDue`, which the caller need neither wait for nor hand to waitUntil.
   */
  runDue(): Due;
  nothingDue: Due;
};

export function requestSchedule(now: () => number = Date.now): RequestSchedule {
  const tasks = new Set<Task>();
  // A task that fails says so itself (the config's health, the breaker); here it must only not reject waitUntil.
  const run = (task: Task) => task.run().catch(() => {});
  // The earliest time a task comes due: before it a request only reads the clock, instead of going over every task
  // and making three promises. A stopped task may leave it early, which costs one pass over the tasks.
  let nextDueAt = Number.POSITIVE_INFINITY;
  const resolved = Promise.resolve();
  const nothingDue: Due = { wait: resolved, background: resolved };
  return {
    schedule(everyMs, work, options = {}) {
      const task: Task = {
        everyMs,
        run: oneAtATime(work),
        dueAt: options.now ? 0 : now() + everyMs,
        bounds: options.bounds ?? false,
      };
      tasks.add(task);
      nextDueAt = Math.min(nextDueAt, task.dueAt);
      return () => tasks.delete(task);
    },
    runDue() {
      const t = now();
      if (t < nextDueAt) return nothingDue;
      const wait: Promise<unknown>[] = [];
      const background: Promise<unknown>[] = [];
      nextDueAt = Number.POSITIVE_INFINITY;
      for (const task of tasks) {
        if (task.dueAt <= t) {
          const late = t - task.dueAt >= task.everyMs;
          task.dueAt = t + task.everyMs;
          (task.bounds && late ? wait : background).push(run(task));
        }
        nextDueAt = Math.min(nextDueAt, task.dueAt);
      }
      return { wait: Promise.all(wait), background: Promise.all(background) };
    },
    nothingDue,
  };
}
