// A counter store over any Redis that runs lua/: the keys, arguments and replies shared by the TCP and Upstash stores.
import type { Counts, Crossing, LeaseAsk } from "../counting";
import { type Decision, decide } from "../decision";
import type { LimitSpec } from "../limits";
import type { Board, CounterStore, DayPoint, HistoryPoint, PartDays, StoreNodes } from "../store";
import type { SharedArgs } from "./script-batch";
import { type Script, scripts } from "./scripts";

/** What a Redis client must offer: one script call (whose shared arguments it may merge with others') and PING. */
export type ScriptClient = {
  run(script: Script, keys: string[], args: string[], shared?: SharedArgs): Promise<unknown>;
  ping(): Promise<unknown>;
  close(): Promise<void>;
  /** A client whose calls made together share one request (CounterStore.together); left out when they already do. */
  together?(): ScriptClient;
  /** On a Cluster: the node serving a key's slot, and a ping of it (CounterStore.nodes, by key here). */
  nodes?: StoreNodes;
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Every counter of a subject lives under one hash tag, so a check touches one Cluster slot. */
export const subjectKey = (subject: string) => `rl:{${subject}}`;

/** The Live page's board (lua/board-mark.lua): one key's slot, apart from every subject's. */
export const BOARD_KEY = "board:{live}";
const BOARD_MARKS_PER_CALL = 500;
/** The servers sharing the store (lua/presence.lua), in the board's slot. */
const SERVERS_KEY = "servers:{live}";

/** A client's nodes by key as the store's by subject: every counter of a subject is under its key's hash tag. */
const bySubject = (byKey: StoreNodes): StoreNodes => ({
  of: (subject) => byKey.of(subjectKey(subject)),
  ping: (subject) => byKey.ping(subjectKey(subject)),
});

const arg = (n: number | null) => (n === null ? "-1" : String(n));

// A spec as check.lua's arguments (the count of parts, then for each its prefix, its bucket, its count of windows and
// each window's rule, as its params, and size), worked out once per spec rather than on every check (specs live in
// the config cache until config changes), and the same list for specs alike, so that the checks of a batch that share
// limits (customers on one plan) send them once. `alone` is the start of a call that holds one check: one spec, and the
// check's number for it.
type SpecArgs = { list: readonly string[]; alone: readonly string[] };
const specArgs = new WeakMap<LimitSpec, SpecArgs>();
const alike = new Map<string, SpecArgs>();
function argsOf(spec: LimitSpec): SpecArgs {
  let args = specArgs.get(spec);
  if (!args) {
    // The count of parts, the alert thresholds after it when there are any ("1:80,100"), and each part's concurrent
    // limit when one has one ("2/5,-1").
    let head = spec.alerts.length === 0 ? String(spec.parts.length) : `${spec.parts.length}:${spec.alerts.join(",")}`;
    if (spec.leased) head += `/${spec.parts.map((p) => arg(p.concurrent ?? null)).join(",")}`;
    const list = [head];
    for (const part of spec.parts) {
      list.push(part.prefix, arg(part.capacity), arg(part.perMinute), String(part.windows.length));
      for (const w of part.windows) list.push(w.rule.params, arg(w.size));
    }
    const text = list.join(" ");
    args = alike.get(text);
    if (!args) {
      // Bounded: as many entries as there are different sets of limits, forgotten all at once past that.
      if (alike.size >= 10_000) alike.clear();
      args = { list, alone: ["1", ...list, "1"] };
      alike.set(text, args);
    }
    specArgs.set(spec, args);
  }
  return args;
}

/** daily.lua's `count` days from `at` in its reply, each allowed, denied and units, the first of them day `first`. */
function dayPoints(reply: readonly unknown[], at: number, first: number, count: number): DayPoint[] {
  const points: DayPoint[] = [];
  for (let d = 0; d < count; d++) {
    const i = at + 3 * d;
    const day = (first + d) * DAY_MS;
    points.push({ day, allowed: Number(reply[i]), denied: Number(reply[i + 1]), units: Number(reply[i + 2]) });
  }
  return points;
}

function toNumbers(reply: unknown): number[] {
  if (!Array.isArray(reply)) throw new Error(`unexpected reply from the counter store: ${JSON.stringify(reply)}`);
  return reply.map(Number);
}

/**
 * check.lua's reply to one call (a list of its one entry: { allowed, now, then each part's fill and its windows'
 * counts, then each part's units held as shares, then the share taken, then the counters' resets, then, when the
 * check reached alert thresholds, { window, threshold, … } }, or the error's
 * message when it failed) as what it counted, for decide() to give every limit's state as the memory store does.
 */
function countedBy(reply: unknown, spec: LimitSpec): { counted: Counts; nowMs: number; resets: number } {
  const entry = Array.isArray(reply) && reply.length === 1 ? reply[0] : undefined;
  if (typeof entry === "string") throw new Error(entry);
  // Two more per part for a spec with a concurrent limit: its leases held, and when the first ends.
  let length = 4 + (spec.leased ? 3 : 1) * spec.parts.length;
  for (const part of spec.parts) length += 1 + part.windows.length;
  // One more: the alert thresholds the check's use reached, when it reached any.
  if (!Array.isArray(entry) || (entry.length !== length && entry.length !== length + 1)) {
    throw new Error(`unexpected reply from the counter store: ${JSON.stringify(reply)}`);
  }
  // TCP clients give numbers, Upstash may give strings.
  const r = entry as (number | string)[];
  const levels: number[] = [];
  const counts: number[] = [];
  const held: number[] = [];
  let at = 2;
  for (const part of spec.parts) {
    levels.push(Number(r[at++]));
    for (let i = 0; i < part.windows.length; i++) counts.push(Number(r[at++]));
  }
  for (let p = 0; p < spec.parts.length; p++) held.push(Number(r[at++]));
  const taken = Number(r[at++]);
  const resets = Number(r[at++]);
  const inFlight: number[] = [];
  const freeAtMs: number[] = [];
  for (let p = 0; p < spec.parts.length; p++) {
    inFlight.push(spec.leased ? Number(r[at++]) : 0);
    freeAtMs.push(spec.leased ? Number(r[at++]) : 0);
  }
  const counted: Counts = { allowed: Number(r[0]) === 1, levels, counts, held, taken, inFlight, freeAtMs };
  const crossed = entry[length];
  // A denied check's: until when reservations may still be settled.
  if (typeof crossed === "number" || typeof crossed === "string") counted.settlingUntilMs = Number(crossed);
  if (Array.isArray(crossed)) {
    const crossings: Crossing[] = [];
    // Lua counts the windows from 1.
    for (let i = 0; i + 1 < crossed.length; i += 2) {
      crossings.push({ at: Number(crossed[i]) - 1, threshold: Number(crossed[i + 1]) });
    }
    counted.crossings = crossings;
  }
  return { counted, nowMs: Number(r[1]), resets };
}

/** A check that takes a lease, as check.lua's mode. */
const leaseMode = ({ id, ttlMs, reserve }: LeaseAsk) => `L${ttlMs}:${reserve ? 1 : 0}:${id}`;

/**
 * How long past its budget a check sent now may still run in Redis and count. The server gives up when the budget has
 * run out from when the call left it (its own busy turns are not charged to the store, guard/budget.ts), which it
 * cannot know while it builds the call: a check held up in a stalled Redis for longer than this changes nothing when
 * it runs (its server answered without it, and a plan failing local counts it again), and one that runs within it
 * may count a check its server answered without the store: a customer is charged for it, never let through uncounted.
 */
const LATE_AFTER_MS = 1000;
/**
 * The same for a refund or a settle, as a function of the budget: less than none. Run late, either would be applied
 * after its server answered 503 ("nothing changed, try again"): the client's retry of a refund would give back twice (a
 * refund has no id to tell a retry by), and its retry of a settle would answer 409, which says the reservation kept
 * its reserved cost when the settle had in fact changed it. So each is too late a quarter of the budget (at most 25
 * ms) before its server gives up: time for its answer to come back, which the store's clock as this server reckons it
 * (from answers received) does not count. One refused for it answers 503 and changes nothing, erring as a check does
 * towards using up quota; only an answer held up longer than that on its way back (an event loop stalled that long)
 * still comes after the server gave up. A release keeps the second a check has: sent again, it answers 404 (ended),
 * which is true, and one run late frees the slot its request no longer holds.
 */
const givingLateAfterMs = (timeoutMs: number | undefined) => -Math.min(25, (timeoutMs ?? 0) / 4);

export type ScriptStoreOptions = {
  /** How long the server waits for an answer (STORE_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Tests only: a fixed time instead of Redis TIME, so they can stand at exact instants. */
  clock?: () => number;
};

/** The store's clock less this process's monotonic one: the largest difference seen, which never runs early. */
type StoreClock = { offsetMs: number };

export function createScriptStore(
  client: ScriptClient,
  { timeoutMs, clock }: ScriptStoreOptions = {},
  storeClock: StoreClock = { offsetMs: Number.NEGATIVE_INFINITY },
): CounterStore {
  const time = () => (clock ? String(clock()) : "");
  const givingLate = givingLateAfterMs(timeoutMs);
  // "<" and when, by the store's clock, a check sent now is too late to count; until a reply has told the store's
  // clock, none (the first call of a process).
  const deadline = (lateAfterMs: number) =>
    clock || timeoutMs === undefined || storeClock.offsetMs === Number.NEGATIVE_INFINITY
      ? time()
      : `<${Math.ceil(performance.now() + storeClock.offsetMs + timeoutMs + lateAfterMs)}`;
  /** check.lua's reply, and what it tells of the store's clock. */
  const counted = (reply: unknown, spec: LimitSpec) => {
    const c = countedBy(reply, spec);
    const offsetMs = c.nowMs - performance.now();
    if (offsetMs > storeClock.offsetMs) storeClock.offsetMs = offsetMs;
    return c;
  };
  const decision = (reply: unknown, spec: LimitSpec, cost: number, withHeld = false): Decision => {
    const { counted: c, nowMs } = counted(reply, spec);
    return decide(c, spec, cost, nowMs, withHeld);
  };
  // A call of check.lua. mode "1": a check; "0": a read of usage; "-1": a refund; "t<share>:<settle>:<resets>": a take;
  // "g<taken at>:<size>:<resets>": a give-back; "a<allowed at>:<checks>:<server>:<seq>": what a server allowed during an outage.
  const callCheck = (subject: string, spec: LimitSpec, cost: number, mode: string, lateAfterMs = LATE_AFTER_MS) => {
    const { list, alone } = argsOf(spec);
    const own = [String(cost), mode, deadline(lateAfterMs)];
    return client.run(scripts.check, [subjectKey(subject)], [...alone, ...own], { list, own });
  };

  return {
    check: async (subject, spec, cost, lease) =>
      decision(await callCheck(subject, spec, cost, lease ? leaseMode(lease) : "1"), spec, cost),
    async release(subject, spec, lease) {
      const { counted: c, nowMs } = counted(await callCheck(subject, spec, 0, `R${lease}`), spec);
      return c.allowed ? decide(c, spec, 0, nowMs) : null;
    },
    async settle(subject, spec, lease, cost) {
      const { counted: c, nowMs } = counted(await callCheck(subject, spec, cost, `S${lease}`, givingLate), spec);
      return c.allowed ? decide(c, spec, cost, nowMs) : null;
    },
    usage: async (subject, spec) => decision(await callCheck(subject, spec, 1, "0"), spec, 1, true),
    refund: async (subject, spec, cost) => decision(await callCheck(subject, spec, cost, "-1", givingLate), spec, cost),
    async take(subject, spec, cost, { share, settle = 0, resets = 0 }) {
      const reply = counted(await callCheck(subject, spec, cost, `t${share}:${settle}:${resets}`), spec);
      return { ...decide(reply.counted, spec, cost, reply.nowMs), taken: reply.counted.taken, resets: reply.resets };
    },
    async giveBack(subject, spec, units, { takenAtMs, size, resets = 0 }) {
      // The reply is checked (an error in it throws); what it counted is the store's own business.
      counted(await callCheck(subject, spec, units, `g${takenAtMs}:${size}:${resets}`), spec);
    },

    async addAllowed(subject, spec, units, { allowedAtMs, checks, server, seq }) {
      return decision(await callCheck(subject, spec, units, `a${allowedAtMs}:${checks}:${server}:${seq}`), spec, units);
    },

    async presence(server, ttlMs, withinMs) {
      const args = [time(), server, String(ttlMs)];
      if (withinMs !== undefined) args.push(String(withinMs));
      return Number(await client.run(scripts.presence, [SERVERS_KEY], args));
    },

    async history(subject, minutes): Promise<HistoryPoint[]> {
      const r = toNumbers(await client.run(scripts.history, [subjectKey(subject)], [String(minutes), time()]));
      const first = r[0] as number;
      const points: HistoryPoint[] = [];
      for (let i = 1; i + 1 < r.length; i += 2) {
        points.push({ minute: first + ((i - 1) / 2) * MINUTE_MS, allowed: r[i] as number, denied: r[i + 1] as number });
      }
      return points;
    },

    async daily(subject, days, resource): Promise<DayPoint[]> {
      const part = resource === undefined ? "" : `${resource}/`;
      const r = toNumbers(await client.run(scripts.daily, [subjectKey(subject)], [String(days), time(), part]));
      return dayPoints(r, 1, r[0] as number, days);
    },

    async dailyParts(subject, days): Promise<PartDays[]> {
      // { first day, then each set's resource ("" its own) and its days' allowed, denied and units } (daily.lua).
      const r = (await client.run(scripts.daily, [subjectKey(subject)], [String(days), time(), "*"])) as unknown[];
      const parts: PartDays[] = [];
      for (let i = 1; i < r.length; i += 1 + 3 * days) {
        const name = String(r[i]);
        parts.push({ resource: name === "" ? null : name, points: dayPoints(r, i + 1, Number(r[0]), days) });
      }
      return parts;
    },

    async recordChecks(subject, { allowed, denied, units = allowed, resource, once }) {
      const args = [
        String(allowed),
        String(denied),
        time(),
        String(units),
        resource === undefined ? "" : `${resource}/`,
      ];
      if (once) args.push(once.server, String(once.seq));
      await client.run(scripts.record, [subjectKey(subject)], args);
    },

    async markBoard({ allowed, denied, customers, gone = [] }) {
      // In slices, so that one call of the script holds Redis for a moment only; the totals go with the first. A
      // customer gone is marked "-".
      const marks = [...customers, ...gone.map((subject) => ({ subject, left: "-", denied: 0 }))];
      for (let i = 0; i === 0 || i < marks.length; i += BOARD_MARKS_PER_CALL) {
        const args = [time(), i === 0 ? String(allowed) : "0", i === 0 ? String(denied) : "0"];
        for (const m of marks.slice(i, i + BOARD_MARKS_PER_CALL)) {
          args.push(m.subject, m.left === null ? "" : String(m.left), String(m.denied));
        }
        await client.run(scripts.boardMark, [BOARD_KEY], args);
      }
    },

    async readBoard({ nearest, denied, minutes }): Promise<Board> {
      const [near, most, first, counts] = (await client.run(
        scripts.boardRead,
        [BOARD_KEY],
        [String(nearest), String(denied), String(minutes), time()],
      )) as [(string | number)[], (string | number)[], number | string, (number | string)[]];
      const nearestRows: Board["nearest"] = [];
      for (let i = 0; i + 1 < near.length; i += 2) {
        nearestRows.push({ subject: String(near[i]), left: Number(near[i + 1]) });
      }
      const deniedRows: Board["denied"] = [];
      for (let i = 0; i + 1 < most.length; i += 2) {
        deniedRows.push({ subject: String(most[i]), denied: Number(most[i + 1]) });
      }
      const traffic: HistoryPoint[] = [];
      for (let i = 0; i + 1 < counts.length; i += 2) {
        const minute = Number(first) + (i / 2) * MINUTE_MS;
        traffic.push({ minute, allowed: Number(counts[i]), denied: Number(counts[i + 1]) });
      }
      return { nearest: nearestRows, denied: deniedRows, traffic };
    },

    async reset(subject, options) {
      await client.run(scripts.reset, [subjectKey(subject)], [options?.history ? "history" : "", time()]);
    },

    async ping() {
      await client.ping();
    },

    ...(client.nodes && { nodes: bySubject(client.nodes) }),

    together() {
      return client.together ? createScriptStore(client.together(), { timeoutMs, clock }, storeClock) : this;
    },

    close: () => client.close(),
  };
}
