// The counting rules of contract section 5, as pure functions (reading a lease set lets go of the leases that have
// ended, which changes nothing it answers): the memory store runs them, lua/check.lua mirrors them.

import { DAY_MS } from "../domain/limit-kinds";
import type { LeaseSet } from "./lease-set";
import type { LimitPart, LimitSpec } from "./limits";

export const MINUTE_MS = 60_000;

/**
 * The bucket's fill is kept in units of 1/60,000 of a request, so that it drains by exactly `perMinute`
 * units a millisecond: all arithmetic stays in whole numbers below 2^53, in JavaScript and in Lua alike,
 * and every store makes the same decision at the same boundary.
 */
export const UNITS_PER_REQUEST = MINUTE_MS;

/**
 * A window's count as kept: the index of the window it counts in, so a count from an older window reads as 0,
 * and when that window ends, so the state's expiry needs no rule.
 */
export type WindowCount = { index: number; count: number; endMs: number };

/** A bucket's fill and when it was last worked out. */
export type BucketState = { level: number; updatedMs: number };

/**
 * How long a store counts a share (contract section 12) as held by a server. A server gives a share back sooner
 * (local-shares.ts); this only bounds what usage shows as held after a server died holding one.
 */
export const SHARE_LEASE_MS = 10_000;

/** Units of a part that servers hold as shares, until `untilMs` (SHARE_LEASE_MS after the last share taken). */
export type HeldState = { units: number; untilMs: number };

/**
 * A subject's counters as Redis keeps them, by field name under each part's prefix: each part's bucket, and each
 * window's count by its index field. A window added to or dropped from a spec leaves the others alone, and rules
 * that share fields (a month from another billing day) share the count, in memory as in Redis.
 */
export type CounterState = {
  buckets: Readonly<Record<string, BucketState>>;
  windows: Readonly<Record<string, WindowCount>>;
  /** Each part's units held as shares, by the part's prefix. */
  held?: Readonly<Record<string, HeldState>>;
  /**
   * The highest alert threshold raised in each window, by the window's field as in `windows` (check.lua keeps it
   * in the field `<prefix><count field>a` as "<index>:<percent>"): a threshold is raised once per window, however
   * its use goes down (a refund) and up again.
   */
  alerted?: Readonly<Record<string, AlertMark>>;
  /**
   * How many times the counters were reset (lua/reset.lua), 0 when never: a reservation made before a reset settles
   * the day's units only, as the counts it came from are gone. (Shares are carried through a reset: reset.lua.)
   */
  resets?: number;
  /**
   * Leases held against each part's `concurrent` limit (contract section 14), by the part's prefix: each lease's id
   * and when it ends (ms), in a set ordered by end as check.lua's sorted set per part (rl:{<subject>}:c:<prefix>).
   * One that has ended frees its slot: nothing needs to remove it.
   */
  leases?: Readonly<Record<string, LeaseSet<number>>>;
  /** Reservations not yet settled, by lease id (check.lua: a key rl:{<subject>}:r:<id> that expires with the lease). */
  reserved?: LeaseSet<Reservation>;
  /**
   * Until when a reservation made (since the last reset) may still be settled, and give back (ms; check.lua: rv): a
   * denial meanwhile may be lifted by a settle on another server.
   */
  reservedUntilMs?: number;
};

/**
 * A reserving check's cost, held for its settle: when it was taken, the counters' resets then, when it ends, and the
 * prefix of the resource its check named ("" for none): a settle or release held to other limits finds none.
 */
export type Reservation = { takenAtMs: number; cost: number; resets: number; endMs: number; prefix: string };

/** The prefix of the resource a spec's checks name ("<resource>/"), or "" for the plan's own limits alone. */
export const resourcePrefix = (spec: LimitSpec): string => spec.parts[1]?.prefix ?? "";

/**
 * A lease a check takes (contract section 14): its id (unique, made by the API server: Redis's Lua has no source of
 * randomness), for how long (ms), and whether it reserves the check's cost for a settle.
 */
export type LeaseAsk = { id: string; ttlMs: number; reserve: boolean };

/** The longest a lease lasts: `leaseSeconds` is 1 to 3,600. */
export const LEASE_MAX_MS = 3_600_000;

/** A lease ends on a whole second, so that its `expiresAt` (Unix seconds) is exactly when it ends. */
export const leaseEndMs = (nowMs: number, ttlMs: number) => Math.ceil((nowMs + ttlMs) / 1000) * 1000;

/** The highest threshold (percent) raised in the window numbered `index`. */
export type AlertMark = { index: number; percent: number };

/** A window's use reaching an alert threshold: the window by its place among the spec's windows, part after part. */
export type Crossing = { at: number; threshold: number };

/**
 * The thresholds of `alerts` (percent, ascending) that a window of `size` reaches when its use goes from `before` to
 * `after`, above `raised`, the highest raised in it so far. A threshold of t% is reached at ceil(size × t / 100)
 * units, in doubles in JavaScript and in Lua alike (exact: size × t stays below 2^53).
 */
export function thresholdsReached(
  alerts: readonly number[],
  size: number,
  before: number,
  after: number,
  raised: number,
): number[] {
  const reached: number[] = [];
  for (const t of alerts) {
    if (t <= raised) continue;
    const units = Math.ceil((size * t) / 100);
    if (before < units && after >= units) reached.push(t);
  }
  return reached;
}

/**
 * `settle`: the units of shares this server has spent in full since its last take, no longer held. `resets`: the
 * counters' resets as its server last heard of them; it decides nothing, as a reset carries the shares held
 * (lua/reset.lua), and their give-backs and settles after it apply as before it.
 */
export type Take = { share: number; settle?: number; resets?: number };
export type GiveBack = { takenAtMs: number; size: number; resets?: number };
/**
 * What a server allowed on its own while the store did not answer (a plan failing `local`), added to the counts once
 * it answers again: `checks` checks of `cost` units in all, the last of them at `allowedAtMs` (the store's clock, as
 * the server reckons it), all in the windows that were running then. `server` numbers what it adds for a subject in
 * increasing `seq`: an add whose number the subject has had from that server adds nothing, so one sent again (its
 * answer was lost, or came too late) counts once.
 */
export type Allowed = { allowedAtMs: number; checks: number; server: string; seq: number };

/**
 * What a call does: decide and take (a check), only read (usage), give back (a refund); or, for a share (contract
 * section 12), take: a check of `cost` (0: none, a share alone) that when allowed also takes up to `share` more units
 * from every limit; or give back `cost` units of a share of `size` taken at `takenAtMs`; or add `cost` units a server
 * allowed on its own during an outage.
 */
export type Mode =
  | "check"
  | "read"
  | "refund"
  | Take
  | GiveBack
  | Allowed
  | { lease: LeaseAsk }
  | { release: string }
  | { settleLease: string };

const EMPTY: CounterState = { buckets: {}, windows: {} };

/**
 * The units a part (by its prefix) of the subject used on the UTC days from `firstDayMs` to `lastDayMs` (their
 * starts), as its days keep them, below none too (a refund comes off the day it is made on, also of units used the
 * day before); days up to that of its last reset without its history count nothing (check.lua's usedOnDays). What a
 * window of whole days counts when the subject has no count for it.
 */
export type UsedOnDays = (prefix: string, firstDayMs: number, lastDayMs: number) => number;

/** The bucket's fill now: what it held, less what drained since, never below empty. No timers: worked out on use. */
function drained(bucket: BucketState | undefined, perMinute: number, nowMs: number): number {
  if (!bucket) return 0;
  const elapsed = Math.max(0, nowMs - bucket.updatedMs);
  const drain = elapsed * perMinute;
  return drain >= bucket.level ? 0 : bucket.level - drain;
}

/**
 * What a call counted (check.lua's reply, in the same order): whether it was allowed, and the counters after it: a denial leaves them as they were. `levels` follow the spec's
 * parts and `counts` their windows, part after part; `held` each part's units held as shares after it (reported by
 * a read); `taken` the share a take took besides its cost.
 */
export type Counts = {
  allowed: boolean;
  levels: number[];
  counts: number[];
  held: number[];
  taken: number;
  /** The alert thresholds this call's use reached (only a call that adds to windows reaches any). */
  crossings?: Crossing[];
  /**
   * Each part's leases held after the call, and, when they fill its `concurrent` limit, when the first of them ends
   * (ms; else 0). A part without that limit: 0 and 0.
   */
  inFlight: number[];
  freeAtMs: number[];
  /** A denied check's, while reservations may still be settled: until when (CounterState.reservedUntilMs). */
  settlingUntilMs?: number;
  /**
   * A refund's, part by part: the most any of the part's windows gave back, which that part's days may lose
   * (check.lua's refundable, days.lua): the windows count share-spent checks before their server records them.
   */
  refundable?: number[];
};

/** The leases of a part that have not ended at `nowMs`, but `except`: how many, and when the first of them ends. */
function liveLeases(leases: LeaseSet<number> | undefined, nowMs: number, except: string | null) {
  if (leases === undefined) return { count: 0, first: Number.POSITIVE_INFINITY };
  const mine = except !== null && leases.holds(except, nowMs);
  return { count: leases.count(nowMs) - (mine ? 1 : 0), first: leases.firstEnd(nowMs, mine ? except : null) };
}

/**
 * Decides `cost` at `nowMs`: allowed only when every limit of every part fits, and then (a check) `cost` is taken
 * from each; a refund gives `cost` back to each, never below empty. lua/check.lua makes exactly this decision in
 * Redis and returns the same numbers.
 *
 * Shares (contract section 12): a take adds its share to every window at once, as a check would, but to each bucket
 * as held units that do not drain while a server may spend them (a unit drains from when it is spent, and the store
 * cannot know when that is); they join the bucket's fill when the server says it spent them (a give-back, or the
 * `settle` of its next take), or, when it never says (it died), once the lease ends. So a bucket never holds less than
 * what was really spent, whenever a server spends its share.
 */
export function count(
  state: CounterState | undefined,
  spec: LimitSpec,
  cost: number,
  nowMs: number,
  mode: Mode,
  usedOnDays?: UsedOnDays,
): Counts {
  const s = state ?? EMPTY;
  let allowed = true;
  const levels: number[] = [];
  const counts: number[] = [];
  const held: number[] = [];
  const inFlight: number[] = [];
  const freeAtMs: number[] = [];
  // A give-back returns units to a window only while it is the one they were taken from: an ended window's are gone.
  const giveBack = typeof mode === "object" && "takenAtMs" in mode ? mode : null;
  // Units allowed during an outage count in the windows running when they were allowed, if those still run.
  const added = typeof mode === "object" && "allowedAtMs" in mode ? mode : null;
  // Leases (contract section 14): a check that takes one, a release, a settle of a reservation still running (a settle
  // of one that ended, or that was settled, finds none: it changes nothing). A settle's difference counts in the
  // windows the reservation took from, as a give-back's does.
  const leaseAsk = typeof mode === "object" && "lease" in mode ? mode.lease : null;
  const ending = typeof mode === "object" && "release" in mode ? mode.release : null;
  const settling = typeof mode === "object" && "settleLease" in mode ? mode.settleLease : null;
  const leaseId = ending ?? settling;
  const reserved = leaseId === null ? undefined : s.reserved?.get(leaseId);
  // Of the limits its check named: a lease id that names other ones (a client's mangled copy) finds none.
  const reservation =
    reserved !== undefined && reserved.endMs > nowMs && reserved.prefix === resourcePrefix(spec) ? reserved : undefined;
  let found = reservation !== undefined;
  const then = giveBack?.takenAtMs ?? added?.allowedAtMs ?? reservation?.takenAtMs;
  const fromTake: boolean[] = [];
  for (const part of spec.parts) {
    // Requests in flight: the part's leases that have not ended. A check that takes a lease needs a free one.
    const leases = s.leases?.[part.prefix];
    // A release or settle ends its lease in this call: it is not counted as held after it.
    const live = liveLeases(leases, nowMs, leaseId);
    if (leaseId !== null && leases?.holds(leaseId, nowMs)) found = true;
    if (leaseAsk !== null && part.concurrent != null && live.count >= part.concurrent) allowed = false;
    inFlight.push(live.count);
    freeAtMs.push(live.first);
    let level = part.perMinute === null ? 0 : drained(s.buckets[part.prefix], part.perMinute, nowMs);
    const lease = s.held?.[part.prefix];
    let units = 0;
    if (lease !== undefined && lease.units > 0) {
      if (lease.untilMs > nowMs) units = lease.units;
      // A lease that ended unsettled: its units count as spent when it ended, and drain from then.
      else if (part.perMinute !== null)
        level += Math.max(0, lease.units * UNITS_PER_REQUEST - (nowMs - lease.untilMs) * part.perMinute);
    }
    const occupied = level + (units + cost) * UNITS_PER_REQUEST;
    if (part.capacity !== null && occupied > part.capacity * UNITS_PER_REQUEST) allowed = false;
    levels.push(level);
    held.push(units);
    // The part's day's count before this call, once its day window is read (it comes before longer ones).
    let dayCount: number | undefined;
    for (const w of part.windows) {
      const kept = s.windows[windowField(part, w)];
      const index = w.rule.index(nowMs);
      // Of the window running now, or of a month that began later (its billing day moved): check.lua's rule.
      const current = kept !== undefined && (kept.index === index || (w.rule.lengthVaries && kept.index > index));
      let n = current ? kept.count : 0;
      if (current && kept.index > index && usedOnDays) {
        // A month that began later (its billing day moved later): the days of the month running now before it began.
        n = Math.max(0, n + usedOnDays(part.prefix, w.rule.startMs(index), w.rule.startMs(kept.index) - DAY_MS));
      } else if (!current && w.rule.wholeDays && usedOnDays) {
        // None kept for this window: its days before today, and today's use: the day's count (or, when the part
        // counts no day, its days), less the refunds made today of units used before it (today's units below none).
        const today = nowMs - (nowMs % DAY_MS);
        const before = usedOnDays(part.prefix, w.rule.startMs(index), today - DAY_MS);
        const todays = usedOnDays(part.prefix, today, today);
        n = Math.max(0, before + (dayCount === undefined ? todays : dayCount + Math.min(0, todays)));
      }
      if (w.rule.daily) dayCount = n;
      if (w.size !== null && n + cost > w.size) allowed = false;
      counts.push(n);
      if (then !== undefined) fromTake.push(w.rule.index(then) === index);
    }
  }
  if (giveBack !== null) {
    // What was spent of the share joins each bucket's fill; what was not goes back to the windows.
    const spent = Math.max(0, giveBack.size - cost) * UNITS_PER_REQUEST;
    for (let p = 0; p < levels.length; p++) {
      levels[p] = (levels[p] as number) + spent;
      held[p] = Math.max(0, (held[p] as number) - giveBack.size);
    }
    for (let i = 0; i < counts.length; i++) if (fromTake[i]) counts[i] = Math.max(0, (counts[i] as number) - cost);
    return leasesAfter({ allowed: true, levels, counts, held, taken: 0, inFlight, freeAtMs }, spec, null);
  }
  if (added !== null) {
    // Whatever the limits say now: those units were allowed. Each bucket takes them as of when the last was allowed,
    // less what has drained since, so the store's buckets never hold less than was really spent.
    // (A part without a bucket keeps a fill as well, which nothing reads, as in Redis.)
    spec.parts.forEach((part, p) => {
      const since = Math.max(0, nowMs - added.allowedAtMs) * (part.perMinute ?? 0);
      levels[p] = (levels[p] as number) + Math.max(0, cost * UNITS_PER_REQUEST - since);
    });
    const before = countsBefore(spec, counts);
    for (let i = 0; i < counts.length; i++) if (fromTake[i]) counts[i] = (counts[i] as number) + cost;
    const counted = { allowed: true, levels, counts, held, taken: 0, inFlight, freeAtMs };
    return leasesAfter(withCrossings(counted, s, spec, before, nowMs), spec, null);
  }
  if (mode === "refund") {
    // Each part's own: the subject's days lose what its own windows gave back, a resource's what the resource's did.
    let at = 0;
    const refundable = spec.parts.map((part) => {
      let most = 0;
      for (let w = 0; w < part.windows.length; w++) most = Math.max(most, Math.min(cost, counts[at++] as number));
      return most;
    });
    for (let i = 0; i < levels.length; i++) levels[i] = Math.max(0, (levels[i] as number) - cost * UNITS_PER_REQUEST);
    for (let i = 0; i < counts.length; i++) counts[i] = Math.max(0, (counts[i] as number) - cost);
    return leasesAfter({ allowed: true, levels, counts, held, taken: 0, inFlight, freeAtMs, refundable }, spec, null);
  }
  if (ending !== null || settling !== null) {
    // Whether the lease was found (and ended now) is the call's `allowed`. A settle of a reservation made before the
    // counters were reset ends it and changes no limit: the counts it came from are gone (the store sets the day's
    // units to its real cost).
    if (reservation !== undefined && settling !== null && reservation.resets === (s.resets ?? 0)) {
      const before = countsBefore(spec, counts);
      const delta = cost - reservation.cost;
      for (let p = 0; p < levels.length; p++) {
        levels[p] = Math.max(0, (levels[p] as number) + delta * UNITS_PER_REQUEST);
      }
      for (let i = 0; i < counts.length; i++) if (fromTake[i]) counts[i] = Math.max(0, (counts[i] as number) + delta);
      const counted = { allowed: true, levels, counts, held, taken: 0, inFlight, freeAtMs };
      return leasesAfter(withCrossings(counted, s, spec, before, nowMs), spec, null);
    }
    // A settle finds a reservation, or nothing: a lease that reserved nothing has no cost to settle.
    const ended = settling === null ? found : reservation !== undefined;
    return leasesAfter({ allowed: ended, levels, counts, held, taken: 0, inFlight, freeAtMs }, spec, null);
  }
  const take = typeof mode === "object" && "share" in mode ? mode : null;
  let taken = 0;
  if (allowed && take !== null) taken = room(spec, levels, held, counts, cost, take.share);
  if (allowed && mode !== "read") {
    const before = countsBefore(spec, counts);
    // A take settles a share its server spent in full: those units join the fill now.
    const settle = take?.settle ?? 0;
    for (let p = 0; p < levels.length; p++) {
      // A part without a bucket keeps a fill as well, which nothing reads (as in Redis).
      levels[p] = (levels[p] as number) + (cost + Math.min(settle, held[p] as number)) * UNITS_PER_REQUEST;
      held[p] = Math.max(0, (held[p] as number) - settle) + taken;
    }
    for (let i = 0; i < counts.length; i++) counts[i] = (counts[i] as number) + cost + taken;
    const counted = { allowed, levels, counts, held, taken, inFlight, freeAtMs };
    const taking = leaseAsk === null ? null : leaseEndMs(nowMs, leaseAsk.ttlMs);
    return leasesAfter(withCrossings(counted, s, spec, before, nowMs), spec, taking);
  }
  const denied: Counts = { allowed, levels, counts, held, taken, inFlight, freeAtMs };
  if (!allowed && (mode === "check" || leaseAsk !== null) && (s.reservedUntilMs ?? 0) > nowMs) {
    denied.settlingUntilMs = s.reservedUntilMs;
  }
  return leasesAfter(denied, spec, null);
}

/**
 * Each part's leases after the call: one more where a lease was taken (it ends at `takenEndMs`; the check was
 * allowed), and, for a part its leases fill, when the first ends (check.lua reads that only then); 0 elsewhere.
 */
function leasesAfter(counted: Counts, spec: LimitSpec, takenEndMs: number | null): Counts {
  spec.parts.forEach((part, p) => {
    if (part.concurrent == null) {
      counted.inFlight[p] = 0;
      counted.freeAtMs[p] = 0;
      return;
    }
    let held = counted.inFlight[p] as number;
    let first = counted.freeAtMs[p] as number;
    if (takenEndMs !== null) {
      held++;
      first = Math.min(first, takenEndMs);
    }
    counted.inFlight[p] = held;
    counted.freeAtMs[p] = held >= part.concurrent && Number.isFinite(first) ? first : 0;
  });
  return counted;
}

/** The counts before a call adds to them, kept only when the spec has alert thresholds to compare them with. */
const countsBefore = (spec: LimitSpec, counts: number[]) => (spec.alerts.length > 0 ? counts.slice() : counts);

/** The field a window's count and alert mark are kept under in a subject's state. */
export const windowField = (part: LimitPart, w: LimitPart["windows"][number]) =>
  part.prefix === "" ? w.rule.fields[0] : part.prefix + w.rule.fields[0];

/** `counted` with the thresholds its windows reached going from `before` to its counts (check.lua does the same). */
function withCrossings(counted: Counts, s: CounterState, spec: LimitSpec, before: number[], nowMs: number): Counts {
  if (spec.alerts.length === 0) return counted;
  const crossings: Crossing[] = [];
  let at = 0;
  for (const part of spec.parts) {
    for (const w of part.windows) {
      const i = at++;
      if (w.size === null || (counted.counts[i] as number) <= (before[i] as number)) continue;
      const mark = s.alerted?.[windowField(part, w)];
      const raised = mark !== undefined && mark.index === w.rule.index(nowMs) ? mark.percent : 0;
      for (const threshold of thresholdsReached(
        spec.alerts,
        w.size,
        before[i] as number,
        counted.counts[i] as number,
        raised,
      )) {
        crossings.push({ at: i, threshold });
      }
    }
  }
  if (crossings.length > 0) counted.crossings = crossings;
  return counted;
}

/** How many more units, up to `share`, every limit has room for once `cost` is taken: what a take takes. */
function room(
  spec: LimitSpec,
  levels: number[],
  held: number[],
  counts: number[],
  cost: number,
  share: number,
): number {
  let units = share;
  let at = 0;
  for (let p = 0; p < spec.parts.length; p++) {
    const part = spec.parts[p] as LimitPart;
    if (part.capacity !== null) {
      const occupied = (levels[p] as number) + ((held[p] as number) + cost) * UNITS_PER_REQUEST;
      units = Math.min(units, Math.floor((part.capacity * UNITS_PER_REQUEST - occupied) / UNITS_PER_REQUEST));
    }
    for (const w of part.windows) {
      const n = counts[at++] as number;
      if (w.size !== null) units = Math.min(units, w.size - n - cost);
    }
  }
  return Math.max(0, units);
}
