// A call counted and decided in this process, with the counters it leaves: the memory store's bookkeeping (and the
// plan simulator's), by the rules of counting.ts that lua/check.lua mirrors in Redis.
import {
  type AlertMark,
  type BucketState,
  type CounterState,
  count,
  type HeldState,
  leaseEndMs,
  type Mode,
  type Reservation,
  resourcePrefix,
  SHARE_LEASE_MS,
  type UsedOnDays,
  type WindowCount,
  windowField,
} from "./counting";
import { type Decision, decide } from "./decision";
import { LeaseSet } from "./lease-set";
import type { LimitPart, LimitSpec } from "./limits";

/** A call counted and decided in process: the decision, and the state to keep when it wrote. */
export function callInProcess(
  current: CounterState | undefined,
  spec: LimitSpec,
  cost: number,
  nowMs: number,
  mode: Mode = "check",
  usedOnDays?: UsedOnDays,
): { decision: Decision; taken: number; resets: number; refundable: number[]; next: CounterState | null } {
  const resets = current?.resets ?? 0;
  const counted = count(current, spec, cost, nowMs, mode, usedOnDays);
  let next: CounterState | null = null;
  const share = typeof mode === "object" && ("share" in mode || "takenAtMs" in mode);
  const release = typeof mode === "object" && "release" in mode;
  // A denial writes nothing, a take's included (as in Redis); a refund and a give-back are always allowed. A release
  // ends its lease alone (below).
  if (counted.allowed && mode !== "read" && !release) {
    // Buckets and windows the spec does not name keep their counts, as the fields of a Redis hash do.
    const buckets: Record<string, BucketState> = { ...current?.buckets };
    const windows: Record<string, WindowCount> = { ...current?.windows };
    // Held units are kept only for subjects that have had shares (as check.lua writes sh and se): a plain check of
    // any other subject neither copies nor writes them.
    const held: Record<string, HeldState> | undefined = share || current?.held ? { ...current?.held } : undefined;
    let at = 0;
    for (let p = 0; p < spec.parts.length; p++) {
      const part = spec.parts[p] as LimitPart;
      buckets[part.prefix] = { level: counted.levels[p] as number, updatedMs: nowMs };
      for (const w of part.windows) {
        const index = w.rule.index(nowMs);
        const field = part.prefix === "" ? w.rule.fields[0] : part.prefix + w.rule.fields[0];
        windows[field] = { index, count: counted.counts[at++] as number, endMs: w.rule.endMs(index) };
      }
      // A take holds for a lease from now; anything else leaves the lease as it was.
      if (held) {
        const untilMs =
          share && "share" in mode ? nowMs + SHARE_LEASE_MS : (current?.held?.[part.prefix]?.untilMs ?? 0);
        held[part.prefix] = { units: counted.held[p] as number, untilMs };
      }
    }
    next = { buckets, windows };
    if (held) next.held = held;
    if (current?.leases) next.leases = current.leases;
    if (current?.reserved) next.reserved = current.reserved;
    if (current?.reservedUntilMs) next.reservedUntilMs = current.reservedUntilMs;
    const alerted = marked(current?.alerted, spec, counted.crossings, nowMs);
    if (alerted) next.alerted = alerted;
    if (resets > 0) next.resets = resets;
  }
  if (counted.allowed && typeof mode === "object") next = withLeases(next ?? current ?? EMPTY, mode, spec, cost, nowMs);
  const decision = decide(counted, spec, cost, nowMs, mode === "read");
  return { decision, taken: counted.taken, resets, refundable: counted.refundable ?? [], next };
}

const EMPTY: CounterState = { buckets: {}, windows: {} };

/**
 * The state after a call that took a lease (and, reserving, its cost) or ended one (a release or a settle that found
 * it). The sets are changed in place, not copied: only an allowed call comes here, and its state replaces the one it
 * was counted from (a copy made a check cost as much as the leases held). Ended leases go as check.lua lets them go.
 */
function withLeases(state: CounterState, mode: Mode, spec: LimitSpec, cost: number, nowMs: number): CounterState {
  const ask = typeof mode === "object" && "lease" in mode ? mode.lease : null;
  const ended =
    typeof mode === "object" && "release" in mode
      ? mode.release
      : typeof mode === "object" && "settleLease" in mode
        ? mode.settleLease
        : null;
  if (ask === null && ended === null) return state;
  const leases: Record<string, LeaseSet<number>> = { ...state.leases };
  for (const part of spec.parts) {
    const kept = state.leases?.[part.prefix];
    if (ask !== null && part.concurrent == null) continue;
    if (ended !== null && !kept?.has(ended)) continue;
    const set = kept ?? new LeaseSet<number>();
    if (ended !== null) set.delete(ended);
    if (ask !== null) {
      const endMs = leaseEndMs(nowMs, ask.ttlMs);
      set.set(ask.id, endMs, endMs);
    }
    leases[part.prefix] = set;
  }
  let reserved = state.reserved;
  // A reservation goes with its lease, unless the lease id named other limits than its check (it is left as it was).
  if (ended !== null && reserved?.get(ended)?.prefix === resourcePrefix(spec)) reserved.delete(ended);
  if (ask?.reserve) {
    reserved ??= new LeaseSet<Reservation>();
    // Reservations are only ever found by id: those that ended are let go here, as their keys expire in Redis.
    reserved.prune(nowMs);
    const endMs = leaseEndMs(nowMs, ask.ttlMs);
    reserved.set(ask.id, endMs, {
      takenAtMs: nowMs,
      cost,
      resets: state.resets ?? 0,
      endMs,
      prefix: resourcePrefix(spec),
    });
  }
  const next: CounterState = { ...state, leases };
  if (reserved) next.reserved = reserved;
  if (ask?.reserve) next.reservedUntilMs = Math.max(state.reservedUntilMs ?? 0, leaseEndMs(nowMs, ask.ttlMs));
  return next;
}

/** The alert marks after a call: each window's highest threshold raised, the crossings of this call included. */
function marked(
  current: Readonly<Record<string, AlertMark>> | undefined,
  spec: LimitSpec,
  crossings: readonly { at: number; threshold: number }[] | undefined,
  nowMs: number,
): Record<string, AlertMark> | undefined {
  if (!crossings) return current;
  const alerted: Record<string, AlertMark> = { ...current };
  const windows = spec.parts.flatMap((part) => part.windows.map((w) => ({ field: windowField(part, w), w })));
  for (const { at, threshold } of crossings) {
    const { field, w } = windows[at] as (typeof windows)[number];
    const index = w.rule.index(nowMs);
    const mark = alerted[field];
    const percent = mark?.index === index ? Math.max(mark.percent, threshold) : threshold;
    alerted[field] = { index, percent };
  }
  return alerted;
}

/** When a state holds nothing any more: every bucket has drained and every window it counts in has ended. */
export function stateExpiresAt(state: CounterState, spec: LimitSpec): number {
  let end = 0;
  for (const part of spec.parts) {
    const bucket = state.buckets[part.prefix];
    if (bucket && part.perMinute !== null)
      end = Math.max(end, bucket.updatedMs + Math.ceil(bucket.level / part.perMinute));
  }
  for (const field in state.windows) end = Math.max(end, (state.windows[field] as WindowCount).endMs);
  return end;
}
