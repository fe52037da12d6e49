// The embedded counter store: every subject's counters, per-minute history and daily totals in this process's memory.
import { type Schedule, timerSchedule } from "../../schedule";
import { type CounterState, DAY_MS, evaluate, MINUTE_MS, stateExpiresAt } from "../algorithm";
import type { LimitSpec } from "../limits";
import { type CounterStore, type DayPoint, type HistoryPoint, KEPT_DAYS, type StoreDecision } from "../store";

const HISTORY_MINUTES = 1440;

type Subject = {
  state: CounterState | undefined;
  /** Flat [minute, allowed, denied, …] for the minutes that saw checks, oldest first: small when traffic is sparse. */
  history: number[];
  /** After this the subject holds nothing worth keeping: counters expired and history older than a day. */
  expiresMs: number;
  /** Its entry of the days (null for an address), held here so that a check finds it without a lookup. */
  days: number[] | null;
};

export type MemoryStoreOptions = { now?: () => number; sweepEveryMs?: number; schedule?: Schedule };

export function createMemoryStore({
  now = Date.now,
  sweepEveryMs = 60_000,
  schedule = timerSchedule,
}: MemoryStoreOptions = {}): CounterStore & {
  sweep(): void;
  size(): number;
} {
  const subjects = new Map<string, Subject>();
  // Flat [day (ms), allowed, denied, …] for the days that saw checks, oldest first; apart from the subjects, which
  // go when their counters and minutes have, as days are kept for 400 (customers only, as in Redis).
  const days = new Map<string, number[]>();

  /** A subject's days, kept from its first check on; none for an address (`ip:…`). */
  function daysOf(key: string): number[] | null {
    if (key.startsWith("ip:")) return null;
    let d = days.get(key);
    if (!d) {
      d = [];
      days.set(key, d);
    }
    return d;
  }

  /** Adds checks to a subject's day, and lets go of days older than are kept. */
  function addToDay(d: number[], nowMs: number, allowed: boolean, count: number) {
    const day = nowMs - (nowMs % DAY_MS);
    if (d.length === 0 || d[d.length - 3] !== day) d.push(day, 0, 0);
    const at = d.length - (allowed ? 2 : 1);
    d[at] = (d[at] ?? 0) + count;
    const oldest = day - (KEPT_DAYS - 1) * DAY_MS;
    let drop = 0;
    while (drop < d.length && (d[drop] ?? 0) < oldest) drop += 3;
    if (drop > 0) d.splice(0, drop);
  }

  /** Drops every subject that holds nothing any more, so memory tracks recent traffic, not every key ever seen. */
  function sweep() {
    const t = now();
    for (const [key, subject] of subjects) if (subject.expiresMs <= t) subjects.delete(key);
    const oldest = t - (t % DAY_MS) - (KEPT_DAYS - 1) * DAY_MS;
    for (const [key, d] of days) if ((d[d.length - 3] ?? 0) < oldest) days.delete(key);
  }
  const stopSweeping = schedule(sweepEveryMs, sweep);

  function record(subject: Subject, nowMs: number, allowed: boolean, count = 1) {
    if (subject.days) addToDay(subject.days, nowMs, allowed, count);
    const minute = nowMs - (nowMs % MINUTE_MS);
    const h = subject.history;
    if (h.length === 0 || h[h.length - 3] !== minute) h.push(minute, 0, 0);
    const at = h.length - (allowed ? 2 : 1);
    h[at] = (h[at] ?? 0) + count;
    const oldest = minute - (HISTORY_MINUTES - 1) * MINUTE_MS;
    let drop = 0;
    while (drop < h.length && (h[drop] ?? 0) < oldest) drop += 3;
    if (drop > 0) h.splice(0, drop);
  }

  return {
    async check(key: string, spec: LimitSpec, cost: number): Promise<StoreDecision> {
      const nowMs = now();
      let subject = subjects.get(key);
      const { decision, next } = evaluate(subject?.state, spec, cost, nowMs);
      if (!subject) {
        subject = { state: undefined, history: [], expiresMs: 0, days: daysOf(key) };
        subjects.set(key, subject);
      }
      if (next) subject.state = next;
      record(subject, nowMs, decision.allowed);
      const counters = subject.state ? stateExpiresAt(subject.state, spec) : 0;
      subject.expiresMs = Math.max(subject.expiresMs, counters, nowMs + DAY_MS);
      return decision;
    },

    async usage(key: string, spec: LimitSpec): Promise<StoreDecision> {
      return evaluate(subjects.get(key)?.state, spec, 1, now(), "read").decision;
    },

    async refund(key: string, spec: LimitSpec, cost: number): Promise<StoreDecision> {
      const nowMs = now();
      const subject = subjects.get(key);
      const { decision, next } = evaluate(subject?.state, spec, cost, nowMs, "refund");
      // Nothing kept is nothing to give back to.
      if (subject?.state && next) subject.state = next;
      return decision;
    },

    async history(key: string, minutes: number): Promise<HistoryPoint[]> {
      const nowMs = now();
      const last = nowMs - (nowMs % MINUTE_MS);
      const first = last - (minutes - 1) * MINUTE_MS;
      const counts = new Map<number, [number, number]>();
      const h = subjects.get(key)?.history ?? [];
      for (let i = 0; i < h.length; i += 3) counts.set(h[i] ?? 0, [h[i + 1] ?? 0, h[i + 2] ?? 0]);
      const points: HistoryPoint[] = [];
      for (let minute = first; minute <= last; minute += MINUTE_MS) {
        const [allowed, denied] = counts.get(minute) ?? [0, 0];
        points.push({ minute, allowed, denied });
      }
      return points;
    },

    async daily(key: string, count: number): Promise<DayPoint[]> {
      const nowMs = now();
      const last = nowMs - (nowMs % DAY_MS);
      const first = last - (count - 1) * DAY_MS;
      const kept = new Map<number, [number, number]>();
      const d = days.get(key) ?? [];
      for (let i = 0; i < d.length; i += 3) kept.set(d[i] ?? 0, [d[i + 1] ?? 0, d[i + 2] ?? 0]);
      const points: DayPoint[] = [];
      for (let day = first; day <= last; day += DAY_MS) {
        const [allowed, denied] = kept.get(day) ?? [0, 0];
        points.push({ day, allowed, denied });
      }
      return points;
    },

    async recordDenials(key: string, count: number): Promise<void> {
      const subject = subjects.get(key);
      if (subject) record(subject, now(), false, count);
    },

    async reset(key: string): Promise<void> {
      const subject = subjects.get(key);
      if (subject) subject.state = undefined;
    },

    async ping(): Promise<void> {},

    async close(): Promise<void> {
      stopSweeping();
      subjects.clear();
      days.clear();
    },

    sweep,
    size: () => subjects.size,
  };
}
