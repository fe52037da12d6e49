// The embedded counter store: every subject's counters, per-minute history and daily totals in this process's memory.
import { type Schedule, timerSchedule } from "../../schedule";
import { type CounterState, MINUTE_MS, type Mode, type UsedOnDays, type WindowCount } from "../counting";
import type { Decision } from "../decision";
import { callInProcess, stateExpiresAt } from "../in-process";
import { type LimitSpec, resourceOf } from "../limits";
import { type CounterStore, type DayPoint, type HistoryPoint, KEPT_DAYS, type PartDays } from "../store";
import { DAY_MS } from "../windows";
import { createMemoryBoard } from "./memory-board";
import { sweeper } from "./sweeper";

const HISTORY_MINUTES = 1440;
/** A day's entry in its series: its start, allowed, denied and units. */
const DAY_WIDTH = 4;

/**
 * Checks per period (a minute or a day) as a flat [period start (ms), allowed, denied, …] for the periods that saw
 * checks, oldest first: small when traffic is sparse. Days keep a third number, the units their allowed checks
 * consumed (`width` 4). Adds `counts` (allowed, denied[, units]) to the period `nowMs` falls in and lets go of those
 * older than the last `kept`.
 */
function addToSeries(series: number[], periodMs: number, kept: number, nowMs: number, counts: readonly number[]) {
  const width = counts.length + 1;
  const start = nowMs - (nowMs % periodMs);
  // Nearly always the last period or a new one; an earlier one for checks a server allowed during an outage.
  let i = series.length - width;
  while (i >= 0 && (series[i] as number) > start) i -= width;
  if (i < 0 || series[i] !== start) {
    i += width;
    series.splice(i, 0, start, ...counts.map(() => 0));
  }
  counts.forEach((n, k) => {
    series[i + 1 + k] = (series[i + 1 + k] ?? 0) + n;
  });
  const oldest = (series[series.length - width] as number) - (kept - 1) * periodMs;
  let drop = 0;
  while (drop < series.length && (series[drop] ?? 0) < oldest) drop += width;
  if (drop > 0) series.splice(0, drop);
}

/** The last `periods` periods of a series up to the one `nowMs` falls in, oldest first, quiet ones as zeros. */
function readSeries(series: readonly number[], periodMs: number, periods: number, nowMs: number, width: number) {
  const last = nowMs - (nowMs % periodMs);
  const kept = new Map<number, number>();
  for (let i = 0; i < series.length; i += width) kept.set(series[i] ?? 0, i);
  const points: { start: number; counts: number[] }[] = [];
  for (let start = last - (periods - 1) * periodMs; start <= last; start += periodMs) {
    const i = kept.get(start);
    // A loop, not Array.from with a callback: the Live page reads an hour of a thousand customers at a time.
    const counts = new Array<number>(width - 1);
    for (let k = 0; k < width - 1; k++) counts[k] = i === undefined ? 0 : (series[i + 1 + k] ?? 0);
    points.push({ start, counts });
  }
  return points;
}

/**
 * Takes a refund's units back from the day `atMs` falls in, up to the larger of what the day holds and `refundable`
 * (what the refund gave back to the windows, which count share-spent checks not yet recorded), as days.lua does; a
 * day's units are read never below none.
 */
function refundUnits(days: number[], atMs: number, units: number, refundable = 0) {
  const start = atMs - (atMs % DAY_MS);
  const held = unitsOn(days, start);
  let back = Math.min(units, Math.max(held, refundable));
  if (back > held) {
    // What the windows gave back beyond the day's units was used before it: as much as the day before holds comes off
    // it (a refund just after midnight of a check just before), as days.lua does.
    const spill = Math.min(back - Math.max(0, held), unitsOn(days, start - DAY_MS));
    if (spill > 0) {
      addToSeries(days, DAY_MS, KEPT_DAYS, start - DAY_MS, [0, 0, -spill]);
      back -= spill;
    }
  }
  if (back > 0) addToSeries(days, DAY_MS, KEPT_DAYS, atMs, [0, 0, -back]);
}

/** The units of the day starting at `dayMs` in a series of days, as kept (0 when it has no entry). */
function unitsOn(days: readonly number[], dayMs: number): number {
  let i = days.length - DAY_WIDTH;
  while (i >= 0 && (days[i] as number) > dayMs) i -= DAY_WIDTH;
  return i >= 0 && days[i] === dayMs ? (days[i + 3] as number) : 0;
}

type Subject = {
  state: CounterState | undefined;
  /** Checks per minute, a day of them (addToSeries). */
  history: number[];
  /** After this the subject holds nothing worth keeping: counters expired and history older than a day. */
  expiresMs: number;
  /** Its entry of the days (null for an address), held here so that a check finds it without a lookup. */
  days: number[] | null;
  /** The last of each server's adds of what it allowed during an outage (Allowed.seq), as check.lua keeps them. */
  added?: Map<string, number>;
  /** The last of each server's records of checks, per resource ("<resource>\n<server>"), as record.lua keeps them. */
  recorded?: Map<string, number>;
  /** Its usedOnDays, made on its first call rather than on every check. */
  usedOnDays?: UsedOnDays;
};

/** How often the timer sweeps a slice of the subjects and of the days (sweeper.ts). */
const SLICE_EVERY_MS = 1_000;

export type MemoryStoreOptions = {
  now?: () => number;
  /** About how long a whole pass of the sweep takes, a slice at a time. */
  sweepEveryMs?: number;
  schedule?: Schedule;
};

export function createMemoryStore({
  now = Date.now,
  sweepEveryMs = 60_000,
  schedule = timerSchedule,
}: MemoryStoreOptions = {}): CounterStore & {
  sweep(): void;
  size(): number;
} {
  const subjects = new Map<string, Subject>();
  // Checks per day (addToSeries), apart from the subjects, which go when their counters and minutes have, as days are
  // kept for 400 (customers only, as in Redis).
  const days = new Map<string, number[]>();
  // The resources whose days each subject has, so that a reset with its history finds them without a pass over every
  // day kept; an entry goes with the last of its days.
  const resourcesOf = new Map<string, { key: string; names: Set<string> }>();
  // When each subject was last reset: its windows of whole days are worked out from the days after it (check.lua's
  // usedOnDays), kept as long as days are.
  const resetAt = new Map<string, number>();
  const board = createMemoryBoard(now);
  /** The servers that said they share this store, and until when (presence). */
  const servers = new Map<string, number>();

  /**
   * A subject's days, kept from its first check on; or, given a resource, the days of the checks that named it (as
   * days.lua keeps them); none for an address (`ip:…`).
   */
  function daysOf(key: string, resource?: string): number[] | null {
    if (key.startsWith("ip:")) return null;
    const at = resource === undefined ? key : `${key}\n${resource}`;
    let d = days.get(at);
    if (!d) {
      d = [];
      days.set(at, d);
      if (resource !== undefined) {
        const of = resourcesOf.get(key) ?? { key, names: new Set<string>() };
        of.names.add(resource);
        resourcesOf.set(key, of);
      }
    }
    return d;
  }

  /** The days of the resource a spec's checks name, when they name one. */
  const resourceDays = (key: string, spec: LimitSpec) => {
    const resource = resourceOf(spec);
    return resource === undefined ? null : daysOf(key, resource);
  };

  // Subjects that hold nothing any more, and days all older than those kept, are dropped, so memory tracks recent
  // traffic, not every key ever seen: a slice each second, so that a whole pass takes about sweepEveryMs.
  const sliceEveryMs = Math.min(SLICE_EVERY_MS, sweepEveryMs);
  const slices = Math.ceil(sweepEveryMs / sliceEveryMs);
  const idleSubjects = sweeper(subjects, slices, (subject: Subject, t) => subject.expiresMs <= t);
  const oldestDayKept = (t: number) => t - (t % DAY_MS) - (KEPT_DAYS - 1) * DAY_MS;
  const oldDays = sweeper(days, slices, (d: number[], t) => (d[d.length - DAY_WIDTH] ?? 0) < oldestDayKept(t));
  const resourcesGone = sweeper(resourcesOf, slices, ({ key, names }) =>
    [...names].every((name) => !days.has(`${key}\n${name}`)),
  );
  const oldResets = sweeper(resetAt, slices, (at: number, t) => at < oldestDayKept(t));
  const stopSweeping = schedule(sliceEveryMs, () => {
    const t = now();
    idleSubjects.slice(t);
    oldDays.slice(t);
    resourcesGone.slice(t);
    oldResets.slice(t);
  });

  /** A whole pass at once (tests, and anyone who wants the memory back now). */
  function sweep() {
    const t = now();
    idleSubjects.all(t);
    oldDays.all(t);
    resourcesGone.all(t);
    oldResets.all(t);
  }

  /** check.lua's usedOnDays: a part's units on the days from `firstMs` to `lastMs` after the subject's last reset. */
  const usedOnDaysOf =
    (key: string): UsedOnDays =>
    (prefix, firstMs, lastMs) => {
      const series = days.get(prefix === "" ? key : `${key}\n${prefix.slice(0, -1)}`);
      if (!series) return 0;
      const reset = resetAt.get(key);
      const from = reset === undefined ? firstMs : Math.max(firstMs, reset - (reset % DAY_MS) + DAY_MS);
      let used = 0;
      for (let i = 0; i < series.length; i += DAY_WIDTH) {
        const start = series[i] as number;
        if (start >= from && start <= lastMs) used += series[i + 3] as number;
      }
      return used;
    };

  /** `count` checks in the history and the day; allowed ones that consumed `units` (one each when not said). */
  function record(
    subject: Subject,
    nowMs: number,
    allowed: boolean,
    count = 1,
    units = count,
    resource: number[] | null = null,
  ) {
    const checks = allowed ? [count, 0] : [0, count];
    if (subject.days) addToSeries(subject.days, DAY_MS, KEPT_DAYS, nowMs, [...checks, allowed ? units : 0]);
    if (resource) addToSeries(resource, DAY_MS, KEPT_DAYS, nowMs, [...checks, allowed ? units : 0]);
    addToSeries(subject.history, MINUTE_MS, HISTORY_MINUTES, nowMs, checks);
  }

  /** The subject's entry, made on its first call. */
  function subjectOf(key: string): Subject {
    let subject = subjects.get(key);
    if (!subject) {
      subject = { state: undefined, history: [], expiresMs: 0, days: daysOf(key) };
      subjects.set(key, subject);
    }
    return subject;
  }

  /**
   * A check, a take (contract section 12; it counts as a check when it has a cost) or a give-back. A give-back writes
   * whatever the subject holds, as in Redis (check.lua writes every call it allows).
   */
  function countCall(key: string, spec: LimitSpec, cost: number, mode: Mode) {
    const nowMs = now();
    const subject = subjectOf(key);
    const reserved =
      typeof mode === "object" && "settleLease" in mode ? subject.state?.reserved?.get(mode.settleLease) : undefined;
    subject.usedOnDays ??= usedOnDaysOf(key);
    const result = callInProcess(subject.state, spec, cost, nowMs, mode, subject.usedOnDays);
    if (result.next) subject.state = result.next;
    // A settle changes the units of the day the reservation was made on, not its checks (contract section 14); of one
    // made before a reset too, which changes no limit (check.lua).
    if (reserved && result.decision.allowed && reserved.endMs > nowMs) {
      settleUnits(key, spec, reserved.takenAtMs, cost - reserved.cost);
    }
    // A take's share counts in the day's units only as its server spends it (recordChecks), as in check.lua.
    if (cost > 0 && (mode === "check" || (typeof mode === "object" && ("share" in mode || "lease" in mode)))) {
      record(subject, nowMs, result.decision.allowed, 1, cost, resourceDays(key, spec));
    }
    const counters = subject.state ? stateExpiresAt(subject.state, spec) : 0;
    subject.expiresMs = Math.max(subject.expiresMs, counters, nowMs + DAY_MS);
    return result;
  }

  /** Adds `units` (less, when negative, never below none) to the day of `atMs`, the subject's and its resource's. */
  function settleUnits(key: string, spec: LimitSpec, atMs: number, units: number) {
    const resource = resourceOf(spec);
    for (const d of [days.get(key), resource === undefined ? undefined : days.get(`${key}\n${resource}`)]) {
      if (!d) continue;
      if (units > 0) addToSeries(d, DAY_MS, KEPT_DAYS, atMs, [0, 0, units]);
      else if (units < 0) refundUnits(d, atMs, -units);
    }
  }

  /** A subject's days, or a resource's (days.lua's layout, kept as series here). */
  function dailyOf(key: string, count: number, resource?: string): DayPoint[] {
    const series = days.get(resource === undefined ? key : `${key}\n${resource}`) ?? [];
    const points = readSeries(series, DAY_MS, count, now(), DAY_WIDTH);
    return points.map(({ start, counts: [allowed = 0, denied = 0, units = 0] }) => ({
      day: start,
      allowed,
      denied,
      units: Math.max(0, units),
    }));
  }

  return {
    async check(key, spec, cost, lease) {
      return countCall(key, spec, cost, lease ? { lease } : "check").decision;
    },

    async release(key, spec, lease) {
      const { decision } = countCall(key, spec, 0, { release: lease });
      return decision.allowed ? decision : null;
    },

    async settle(key, spec, lease, cost) {
      const { decision } = countCall(key, spec, cost, { settleLease: lease });
      return decision.allowed ? decision : null;
    },

    async take(key, spec, cost, ask) {
      const { decision, taken, resets } = countCall(key, spec, cost, ask);
      return { ...decision, taken, resets };
    },

    async giveBack(key, spec, units, share) {
      countCall(key, spec, units, share);
    },

    async addAllowed(key, spec, units, allowed) {
      if ((subjects.get(key)?.added?.get(allowed.server) ?? 0) >= allowed.seq) return this.usage(key, spec);
      const { decision } = countCall(key, spec, units, allowed);
      const subject = subjects.get(key) as Subject;
      subject.added ??= new Map();
      subject.added.set(allowed.server, allowed.seq);
      if (allowed.checks > 0) {
        record(subject, allowed.allowedAtMs, true, allowed.checks, units, resourceDays(key, spec));
      }
      return decision;
    },

    async presence(server, ttlMs, withinMs) {
      const t = now();
      servers.set(server, t + ttlMs);
      for (const [id, until] of servers) if (until <= t) servers.delete(id);
      if (withinMs === undefined) return servers.size;
      let back = 0;
      for (const until of servers.values()) if (until > t + ttlMs - withinMs) back++;
      return back;
    },

    async usage(key: string, spec: LimitSpec): Promise<Decision> {
      return callInProcess(subjects.get(key)?.state, spec, 1, now(), "read", usedOnDaysOf(key)).decision;
    },

    async refund(key: string, spec: LimitSpec, cost: number): Promise<Decision> {
      const nowMs = now();
      // A refund writes the counters, empty ones included, as check.lua's does: a reset after it counts as one.
      const subject = subjectOf(key);
      subject.usedOnDays ??= usedOnDaysOf(key);
      const { decision, next, refundable } = callInProcess(
        subject.state,
        spec,
        cost,
        nowMs,
        "refund",
        subject.usedOnDays,
      );
      if (next) {
        subject.state = next;
        subject.expiresMs = Math.max(subject.expiresMs, stateExpiresAt(next, spec), nowMs + DAY_MS);
      }
      // The day's units take it back, up to what the day holds or the windows gave back (check.lua's refund, days.lua).
      if (subject.days) refundUnits(subject.days, nowMs, cost, refundable[0]);
      const resource = resourceDays(key, spec);
      if (resource) refundUnits(resource, nowMs, cost, refundable[1]);
      return decision;
    },

    async history(key: string, minutes: number): Promise<HistoryPoint[]> {
      const points = readSeries(subjects.get(key)?.history ?? [], MINUTE_MS, minutes, now(), 3);
      return points.map(({ start, counts: [allowed = 0, denied = 0] }) => ({ minute: start, allowed, denied }));
    },

    daily: async (key: string, count: number, resource?: string) => dailyOf(key, count, resource),

    async dailyParts(key: string, count: number): Promise<PartDays[]> {
      const parts: PartDays[] = [{ resource: null, points: dailyOf(key, count) }];
      for (const resource of [...(resourcesOf.get(key)?.names ?? [])].sort()) {
        const points = dailyOf(key, count, resource);
        if (points.some((p) => p.allowed + p.denied + p.units > 0)) parts.push({ resource, points });
      }
      return parts;
    },

    async recordChecks(key, { allowed, denied, units, resource, once }): Promise<void> {
      const subject = subjects.get(key);
      if (!subject) return;
      if (once) {
        subject.recorded ??= new Map();
        const from = `${resource ?? ""}\n${once.server}`;
        if ((subject.recorded.get(from) ?? 0) >= once.seq) return;
        subject.recorded.set(from, once.seq);
      }
      const part = resource === undefined ? null : daysOf(key, resource);
      if (allowed > 0) record(subject, now(), true, allowed, units, part);
      if (denied > 0) record(subject, now(), false, denied, denied, part);
    },

    async markBoard(marks): Promise<void> {
      board.mark(marks);
    },

    async readBoard(ask) {
      return board.read(ask);
    },

    async reset(key: string, options): Promise<void> {
      const subject = subjects.get(key);
      // A reset with the history forgets the days themselves: what is counted after it is all there is.
      if (options?.history) resetAt.delete(key);
      else resetAt.set(key, now());
      if (options?.history) {
        // In place: a subject holds its own days, and its history, by reference.
        days.get(key)?.splice(0);
        if (subject) subject.history.splice(0);
        for (const name of resourcesOf.get(key)?.names ?? []) days.delete(`${key}\n${name}`);
        resourcesOf.delete(key);
      }
      // As reset.lua: the counters and the leases go, and how many times they went is kept. Units held as shares
      // stay held and counted, each window's count starting again from them. Reservations stay for their settles,
      // which set the day's units only (so no denial waits for one: reservedUntilMs goes, as check.lua's rv).
      if (subject?.state) {
        const { reserved, held } = subject.state;
        const windows: Record<string, WindowCount> = {};
        for (const [field, window] of Object.entries(subject.state.windows)) {
          const units = held?.[field.slice(0, field.lastIndexOf("/") + 1)]?.units ?? 0;
          if (units > 0) windows[field] = { ...window, count: units };
        }
        subject.state = { buckets: {}, windows, resets: (subject.state.resets ?? 0) + 1 };
        if (held && Object.values(held).some((h) => h.units > 0)) subject.state.held = held;
        if (reserved) subject.state.reserved = reserved;
      }
    },

    async ping(): Promise<void> {},

    // Nothing to merge: every call is answered in memory.
    together() {
      return this;
    },

    async close(): Promise<void> {
      stopSweeping();
      subjects.clear();
      days.clear();
      resourcesOf.clear();
      resetAt.clear();
      board.clear();
    },

    sweep,
    size: () => subjects.size,
  };
}
