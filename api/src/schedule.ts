// Background work that repeats (the config's change watcher, the flush of remembered denials, the breaker's probe).
// On Node it runs on timers; on a Worker timers die with the request that set them, so the Worker entry runs due
// work from requests instead (entry/request-schedule.ts).

export type ScheduleOptions = {
  /** Run it at once as well. */
  now?: boolean;
  /** Its result bounds how stale an answer may be (the config's change watcher): a Worker waits for it when late. */
  bounds?: boolean;
};

export type Schedule = (everyMs: number, work: () => unknown, options?: ScheduleOptions) => () => void;

/** Runs `work` every `everyMs` on a timer that does not keep the process alive; `now` also runs it at once. */
export const timerSchedule: Schedule = (everyMs, work, { now = false } = {}) => {
  if (now) void work();
  const timer = setInterval(work, everyMs);
  timer.unref();
  return () => clearInterval(timer);
};
