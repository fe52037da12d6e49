// What a server does for plans that fail "local" while the counter store does not answer (contract section 5, "When
// the store is down"): it keeps limiting on its own, each customer held to this server's share of what it had left,
// and once the store answers again it adds what it allowed meanwhile to the store's counts, one atomic step a customer.
//
// The share: each limit's remaining in the last answer this server had for the customer (the whole limit when that
// answer was of an earlier window, or when there was none), divided by the number of servers that shared the store
// when it stopped answering (each server says it is there every second, lua/presence.lua), the bucket refilling at its
// share of perMinute. Over all servers, then, the total allowed stays within what the customer had left, plus what
// other servers allowed after a server's last answer (a view that old), plus one bucket per server at most: a bucket
// whose share is less than a request holds one.
import { LRUCache } from "lru-cache";
import { type CounterState, LEASE_MAX_MS, type LeaseAsk, UNITS_PER_REQUEST } from "./counting";
import type { Decision, LimitState, ThresholdCrossing } from "./decision";
import { callInProcess } from "./in-process";
import { LeaseSet } from "./lease-set";
import { exceedsSize, type LimitPart, type LimitSpec, type QuotaPolicy, specOf } from "./limits";
import type { CounterStore } from "./store";

/** How long a server's presence lasts unless it says so again (it does every second). */
export const PRESENCE_TTL_MS = 5000;
/**
 * How long after the store answers again checks of local plans are still decided here: every server that was
 * sharing it learns that it is back at its next tick (each second) and adds what it allowed at once.
 */
export const SETTLE_GRACE_MS = 3000;
/**
 * How long a server the store answers again waits for every server that shared it to say it is there again (each has
 * allowed checks by its share that the store lacks until it is back) before it takes one still missing for gone.
 */
export const RETURN_WAIT_MS = 15_000;
/** Customers (of plans failing `local`) whose last answer each server remembers, least recently checked first out. */
const SEEN_CUSTOMERS = 100_000;

/** Where a customer's limits stood in the store's last answer, by the limit's name, in the store's clock. */
type Seen = { limits: Map<string, LimitState>; atMs: number };

/**
 * Checks allowed here during an outage, in windows that all still ran when the last of them was allowed; numbered in
 * the order they began (Allowed.seq), so that the store adds each once, however often it is sent.
 */
type Segment = {
  spec: LimitSpec;
  /** Whose limits these are, as the checks passed them: what an alert threshold the add reaches is raised for. */
  owner: QuotaPolicy;
  windows: string;
  units: number;
  checks: number;
  lastAtMs: number;
  seq: number;
  /** Sent to the store (and perhaps added there): what is allowed after it starts a segment of its own. */
  sent?: true;
};

/**
 * A customer this server has limited on its own since the store stopped answering; `answered`: the store has answered
 * a check of it since (its latest answer is newer than these counters).
 */
type Outage = { state: CounterState | undefined; segments: Segment[]; denied: number; answered?: true };

export type LocalLimits = {
  /** The store answered a check of a customer whose plan fails `local`: where its limits stand now. */
  saw(subject: string, decision: Decision): void;
  /** The store did not answer. */
  failed(): void;
  /**
   * Whether checks of local plans are decided here without asking the store: from its first failure until
   * SETTLE_GRACE_MS after this server learns (at its next tick, within a second) that it answers again and that every
   * server that shared it is there again (or RETURN_WAIT_MS has passed without one). Meanwhile every server that
   * shared it adds what it allowed, so no check is counted against store counts that lack what other servers
   * allowed. (A server without a share asks the store all along.)
   */
  holding(): boolean;
  /** A check decided here while the store is down, held to this server's share. */
  check(
    subject: string,
    spec: LimitSpec,
    cost: number,
    owner: QuotaPolicy,
    lease?: LeaseAsk,
  ): { decision: Decision; spec: LimitSpec };
  /**
   * Ends a lease taken here while the store was down (contract section 14: under a plan failing local, leases are
   * this server's own, held to its share of the concurrent limit); null when it has ended, or is not here.
   */
  release(subject: string, spec: LimitSpec, lease: string): Decision | null;
  /** Whether what was allowed here for the customer still has to be added to the store's counts. */
  owes(subject: string): boolean;
  /** Adds it, one step per run of windows; throws (and keeps what is left) when the store does not answer. */
  settle(subject: string): Promise<void>;
  /** Adds what is owed for every customer, and says to the store that this server is there. Never throws. */
  tick(): Promise<void>;
};

export function createLocalLimits(
  store: CounterStore,
  {
    server = crypto.randomUUID(),
    now = Date.now,
    onServers,
    onAddedCrossings,
  }: {
    server?: string;
    now?: () => number;
    onServers?: (count: number) => void;
    /**
     * Alert thresholds that what was allowed here reached once added to the store's counts: the checks' answers
     * carried none (their limits were this server's share), so they are raised from here.
     */
    onAddedCrossings?: (owner: QuotaPolicy, crossings: readonly ThresholdCrossing[], nowMs: number) => void;
  } = {},
): LocalLimits {
  const seen = new LRUCache<string, Seen>({ max: SEEN_CUSTOMERS });
  const outages = new Map<string, Outage>();
  const settling = new Map<string, Promise<void>>();
  /** Segments begun so far: each one's number. */
  let segments = 0;
  /** The servers sharing the store, as this server counted them last (lua/presence.lua). */
  let servers: number | null = null;
  /** The store's clock less this process's, as of its last answer. */
  let offsetMs = 0;
  /** When the store first failed (this process's clock), until the grace after its return has passed. */
  let failingSince: number | null = null;
  /** How many servers shared the store when it failed: each may hold checks it allowed that the store lacks. */
  let sharing = 1;
  /** When the store first answered this server again after failing, while it waits for the others. */
  let returnedAt: number | null = null;
  /** When the store had answered again and every server that shared it was back, while the grace lasts. */
  let backSince: number | null = null;

  /**
   * Until when a count of the servers may be short: their presence lapsed during an outage, and each says it again
   * at its next tick. Till then the larger of the counts before and after holds.
   */
  let recountAtMs = 0;

  /**
   * The store answered: what is owed is added to its counts at once, not at the next tick. The outage ends once as
   * many servers as shared the store have said they are there since this one saw it fail (`back`, counted at a
   * tick): until then one still cut off from it may be allowing checks by its share that its counts lack.
   */
  const answered = (back?: number) => {
    if (failingSince === null || backSince !== null) return;
    if (returnedAt === null) {
      returnedAt = now();
      settleAll();
    }
    if (back === undefined || (back < sharing && now() - returnedAt < RETURN_WAIT_MS)) return;
    backSince = now();
    recountAtMs = backSince + PRESENCE_TTL_MS;
  };

  const failed = () => {
    if (failingSince === null) {
      sharing = sharedBy();
      // A new outage starts from the store's latest answers (seen): the local counters of an earlier one, kept for a
      // customer still owed when it ended, would hold its leftover share instead. But a customer the store has not
      // answered since (on a Cluster, its master is the one still down while the rest answer) goes on from them: its
      // latest answer predates what this server allowed it, and a share made again from it would be handed out again
      // at every outage. What is owed stays owed.
      for (const [subject, outage] of outages) {
        if (!owing(outage)) outages.delete(subject);
        else if (outage.answered) {
          outage.state = undefined;
          delete outage.answered;
        }
      }
    }
    failingSince ??= now();
    returnedAt = null;
    backSince = null;
  };

  /** Whether the store failed and the grace after its return (if it has returned) is still running. */
  function inOutage(): boolean {
    if (failingSince === null) return false;
    if (backSince === null || now() - backSince < SETTLE_GRACE_MS) return true;
    // Every server has added what it allowed by now: the store's counts are the whole story again.
    failingSince = null;
    returnedAt = null;
    backSince = null;
    for (const [subject, outage] of outages) if (!owing(outage)) outages.delete(subject);
    return false;
  }

  /**
   * The servers to share among: those this server counted last, a presence or less before the store stopped
   * answering. One that counted them longer ago (it was frozen) shares among those it counted then; one that never
   * counted them (it started during the outage) is alone as far as it knows. The contract's local mode answers 200
   * or 429 whatever the server knows; the bound then holds with what other servers allowed counted as allowed after
   * this one's last answer, which is older, or none.
   */
  const sharedBy = (): number => servers ?? 1;

  function remember(subject: string, decision: Decision) {
    offsetMs = decision.nowMs - now();
    const known = seen.get(subject);
    const limits = known?.limits ?? new Map<string, LimitState>();
    for (const limit of decision.limits) limits.set(limit.name, limit);
    if (!known) seen.set(subject, { limits, atMs: decision.nowMs });
    else known.atMs = decision.nowMs;
  }

  const owing = (outage: Outage) => outage.segments.length > 0 || outage.denied > 0;

  function settleOne(subject: string): Promise<void> {
    const outage = outages.get(subject);
    if (!outage || !owing(outage)) return Promise.resolve();
    let running = settling.get(subject);
    if (!running) {
      running = (async () => {
        while (outage.segments.length > 0) {
          const segment = outage.segments[0] as Segment;
          segment.sent = true;
          const after = await store.addAllowed(subject, segment.spec, segment.units, {
            allowedAtMs: segment.lastAtMs,
            checks: segment.checks,
            server,
            seq: segment.seq,
          });
          outage.segments.shift();
          if (after.crossings) onAddedCrossings?.(segment.owner, after.crossings, after.nowMs);
          // The store's counts with this server's checks in them: where a later outage starts from.
          remember(subject, after);
        }
        if (outage.denied > 0) {
          const denied = outage.denied;
          await store.recordChecks(subject, { allowed: 0, denied });
          outage.denied -= denied;
        }
        // The local counters stay until the grace ends: a check decided here meanwhile goes on from them.
      })().finally(() => settling.delete(subject));
      settling.set(subject, running);
    }
    return running;
  }

  function settleAll(): Promise<unknown> {
    return Promise.all([...outages.keys()].map((subject) => settleOne(subject).catch(() => {})));
  }

  return {
    saw(subject, decision) {
      answered();
      remember(subject, decision);
      const outage = outages.get(subject);
      if (outage) outage.answered = true;
    },

    failed,

    holding: inOutage,

    check(subject, spec, cost, owner, lease) {
      const n = sharedBy();
      const nowMs = now() + offsetMs;
      let outage = outages.get(subject);
      if (!outage) {
        outage = { state: undefined, segments: [], denied: 0 };
        outages.set(subject, outage);
      }
      const local = shareOf(spec, n);
      const state = withShares(outage.state, spec, local, n, seen.get(subject), nowMs);
      const { decision, next } = callInProcess(state, local, cost, nowMs, lease ? { lease } : "check");
      outage.state = next ?? state;
      if (!decision.allowed) {
        outage.denied++;
        return { decision: untilStoreDecides(decision, spec, cost, seen.get(subject)), spec: local };
      }
      const windows = windowsAt(spec, nowMs);
      const last = outage.segments.at(-1);
      if (last && !last.sent && last.spec === spec && last.owner === owner && last.windows === windows) {
        last.units += cost;
        last.checks++;
        last.lastAtMs = nowMs;
      } else outage.segments.push({ spec, owner, windows, units: cost, checks: 1, lastAtMs: nowMs, seq: ++segments });
      return { decision, spec: local };
    },

    release(subject, spec, lease) {
      const outage = outages.get(subject);
      const n = sharedBy();
      if (!outage?.state) return null;
      const { decision, next } = callInProcess(outage.state, shareOf(spec, n), 0, now() + offsetMs, { release: lease });
      if (!decision.allowed) return null;
      outage.state = next ?? outage.state;
      return decision;
    },

    owes: (subject) => {
      const outage = outages.get(subject);
      return outage !== undefined && owing(outage);
    },

    settle: settleOne,

    async tick() {
      try {
        // In an outage it counts the servers that said they are there since it began: a presence said before then may
        // still be running for a server that is not back.
        const since = backSince === null ? failingSince : null;
        // On a Cluster the presence is one key on one master, whose answer says nothing of the others: a server says
        // it is there only once every master answers it (and then adds what it owes, below). Else, one of them stalled,
        // a server that called no customer of it would never learn of the outage, and one back on the store would
        // take the presence of the others, still holding what they allowed by their shares, for their return.
        if (store.nodes) await store.ping();
        const count = await store.presence(
          server,
          PRESENCE_TTL_MS,
          since === null ? undefined : Math.max(1, now() - since),
        );
        if (since !== null) answered(count);
        else {
          servers = servers !== null && now() < recountAtMs ? Math.max(servers, count) : count;
          onServers?.(servers);
        }
      } catch {
        failed();
        return;
      }
      inOutage();
      await settleAll();
    },
  };
}

/**
 * The soonest the store can decide a check again after it answers: this server learns it is back at its next tick
 * (each second), then decides by its share for the grace.
 */
export const STORE_BACK_MS = 1000 + SETTLE_GRACE_MS;

/**
 * A denial by this server's share, waited out until the store can decide it again rather than until the share frees
 * up: the share is this outage's, and the store, back, may well allow it (a day of 300 shared by 3 servers, its share
 * of 100 spent, told to come back at midnight after an outage of seconds, with 200 left; or a cost of 4 the limits
 * hold but a share of 3 never can, told "never", which the contract keeps for a cost over a limit's whole size,
 * section 5). A limit the store's last answer had spent too, in the same window, waits as it would with the store.
 */
function untilStoreDecides(decision: Decision, spec: LimitSpec, cost: number, known: Seen | undefined): Decision {
  if (exceedsSize(spec, cost)) return decision;
  const limits = decision.limits.map((l) => {
    if (l.waitMs === 0) return l;
    const last = known?.limits.get(l.name);
    const spentThere = last !== undefined && last.remaining < cost;
    // A bucket the store had spent refills here at this server's share of its rate, no sooner than it would there; a
    // window it had spent, still running, waits until it ends.
    if (spentThere && last.perMinute !== undefined) return { ...l, waitMs: Math.max(l.waitMs ?? 0, STORE_BACK_MS) };
    if (spentThere && last.resetMs === l.resetMs) return { ...l, waitMs: Math.max(1, l.resetMs - decision.nowMs) };
    return { ...l, waitMs: l.waitMs === null ? STORE_BACK_MS : Math.min(l.waitMs, STORE_BACK_MS) };
  });
  return { ...decision, limits };
}

const shares = new WeakMap<LimitSpec, { n: number; spec: LimitSpec }>();

/** A server's share of a spec's limits: each window's size and the bucket's divided among `n`, its rate too. */
function shareOf(spec: LimitSpec, n: number): LimitSpec {
  const known = shares.get(spec);
  if (known?.n === n) return known.spec;
  const parts: LimitPart[] = spec.parts.map((part) => ({
    prefix: part.prefix,
    capacity: part.capacity === null ? null : Math.max(1, Math.floor(part.capacity / n)),
    perMinute: part.perMinute === null ? null : part.perMinute / n,
    windows: part.windows.map((w) => ({ ...w, size: w.size === null ? null : Math.floor(w.size / n) })),
    // Not at least one each, as a bucket is: 2 servers sharing a limit of 1 in flight would hold 2.
    concurrent: part.concurrent == null ? null : Math.floor(part.concurrent / n),
  }));
  const local = specOf(parts);
  shares.set(spec, { n, spec: local });
  return local;
}

/**
 * The local counters with every limit of the spec not met before in this outage set to this server's share of what
 * the store's last answer left of it: a window still running then, and the bucket as it has refilled since at its
 * share of the rate. A limit the answer did not name, or whose window has ended, starts from its whole share.
 */
function withShares(
  state: CounterState | undefined,
  spec: LimitSpec,
  local: LimitSpec,
  n: number,
  known: Seen | undefined,
  nowMs: number,
): CounterState {
  let buckets = state?.buckets ?? {};
  let windows = state?.windows ?? {};
  let leases = state?.leases;
  spec.parts.forEach((part, p) => {
    const mine = local.parts[p] as LimitPart;
    // Requests in flight: the leases the store held at its last answer are held still, as far as this server
    // knows (none can be released while the store is down), each until the longest a lease lasts from then.
    const inFlight = known?.limits.get(`${part.prefix}concurrent`);
    if (mine.concurrent != null && inFlight !== undefined && !leases?.[part.prefix]) {
      const held = new LeaseSet<number>();
      const endMs = (known?.atMs ?? nowMs) + LEASE_MAX_MS;
      const free = Math.min(mine.concurrent, Math.floor(inFlight.remaining / n));
      for (let i = mine.concurrent - free; i > 0; i--) held.set(`held by the store ${i}`, endMs, endMs);
      leases = { ...leases, [part.prefix]: held };
    }
    if (mine.capacity !== null && mine.perMinute !== null && !(part.prefix in buckets)) {
      const last = known?.limits.get(`${part.prefix}burst`);
      const left = last === undefined ? mine.capacity : Math.min(mine.capacity, Math.floor(last.remaining / n));
      const level = (mine.capacity - left) * UNITS_PER_REQUEST;
      buckets = {
        ...buckets,
        [part.prefix]: { level, updatedMs: last === undefined ? nowMs : (known?.atMs ?? nowMs) },
      };
    }
    part.windows.forEach((w, i) => {
      const field = part.prefix === "" ? w.rule.fields[0] : part.prefix + w.rule.fields[0];
      const index = w.rule.index(nowMs);
      if (windows[field]?.index === index) return;
      const size = (mine.windows[i] as LimitPart["windows"][number]).size;
      const last = known?.limits.get(part.prefix + w.name);
      // The last answer's window is still running when it ends where this one does.
      const running = last !== undefined && last.resetMs === w.rule.endMs(index);
      const count = size === null || !running ? 0 : size - Math.min(size, Math.floor(last.remaining / n));
      windows = { ...windows, [field]: { index, count, endMs: w.rule.endMs(index) } };
    });
  });
  return leases ? { ...state, buckets, windows, leases } : { ...state, buckets, windows };
}

/** Which window of each of the spec's rules `nowMs` falls in: what was allowed under one such key is added as one. */
function windowsAt(spec: LimitSpec, nowMs: number): string {
  let key = "";
  for (const part of spec.parts) for (const w of part.windows) key += `${w.rule.index(nowMs)},`;
  return key;
}
