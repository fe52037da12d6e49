// Background work that repeats (the config's change watcher, the flush of remembered denials, the breaker's probe).
// On Node it runs on timers; on a Worker timers die with the request that set them, so the Worker entry runs due
// work from requests instead (entry/request-schedule.ts).

export type ScheduleOptions = {
  /** Run it at once as well. */
  now?: boolean;
  /** Its result bounds how stale an answer may be (the config's change watcher): a Worker waits for it when late. */
  bounds?: boolean;
};

/**
 * Runs `work` every `everyMs` until the returned function is called. A run never starts while the last one is still
 * going: a store that stalls gets one probe or one read at a time, never a pile of them.
 */
export type Schedule = (everyMs: number, work: () => unknown, options?: ScheduleOptions) => () => void;

/** `work` that, called while its last run is still going, answers with that run instead of starting another. */
export function oneAtATime(work: () => unknown): () => Promise<unknown> {
  let running: Promise<unknown> | null = null;
  return () => {
    running ??= Promise.resolve()
      .then(work)
      .finally(() => {
        running = null;
      });
    return running;
  };
}

/** Runs `work` every `everyMs` on a timer that does not keep the process alive; `now` also runs it at once. */
export const timerSchedule: Schedule = (everyMs, work, { now = false } = {}) => {
  const run = oneAtATime(work);
  if (now) void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
};
