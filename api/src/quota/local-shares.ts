// Shares (contract section 12): a hot customer's quota spent from units this server took from the store in one step,
// so that most of its checks need no store command, while the total allowed still never exceeds a limit: every unit
// spent here was taken from every limit first, and what is not spent goes back.
import { SHARE_LEASE_MS } from "./counting";
import type { Decision } from "./decision";
import type { LimitSpec } from "./limits";
import type { CounterStore } from "./store";

/** A share unused this long goes back to the store. */
export const IDLE_MS = 1000;
const SWEEP_EVERY_MS = 250;
// A share is spent only while the store surely still counts it as held: its lease, less room for clocks that run
// apart, and never past the end of a window it was taken in (its units count in that window).
const LEASE_MARGIN_MS = 1000;
const WINDOW_MARGIN_MS = 100;

type Share = {
  size: number;
  left: number;
  /** The store's clock at the take: a give-back returns units only to the windows of that time. */
  takenAtMs: number;
  /** This process's clock past which the share is not spent. */
  usableUntil: number;
};

/** What one server holds of one subject's limits (a resource's check counts on limits of its own). */
type Holding<Owner> = {
  subject: string;
  /** Whose limits these are, as the last check that spent here named them: handed to onTakenAhead. */
  owner: Owner;
  spec: LimitSpec;
  /** The plan's localShare: at most this many units held here at once. */
  size: number;
  shares: Share[];
  /** Units of shares spent in full, still held in the store's eyes until the next take or give-back settles them. */
  spentInFull: number;
  /**
   * How many times the subject's counters had been reset, as the store said at the last take (sent with takes and
   * give-backs; it decides nothing, as a reset carries the shares held: reset.lua).
   */
  resets: number;
  /** The take under way, so a burst of checks waits on one store call rather than each making its own. */
  taking: Promise<Decision | Error> | null;
  lastUsedMs: number;
  /** What the store last said, for what a check spent here reports, and when (this process's clock). */
  known: Decision | null;
  knownAt: number;
  /** How fast units are spent here (a unit a ms) and how long a take takes (ms), smoothed; 0 until measured. */
  rate: number;
  takeMs: number;
  /** Units spent since the last take came back. */
  spentSince: number;
  /**
   * When a call to the store last failed (0: it has not): a take it may still have run is counted there and lost
   * until its window ends, so until a call succeeds again checks go alone, each risking its own cost only.
   */
  failedAt: number;
};

export type LocalSharesOptions<Owner> = {
  /** This process's clock (ms). */
  now?: () => number;
  schedule: (everyMs: number, work: () => unknown) => () => void;
  /** A check of `cost` allowed here, for the subject's history and its day's units. */
  onSpent(subject: string, cost: number, counted: string): void;
  /**
   * What the store answered a share asked for ahead of the checks, which no check waits on: its decision is where the
   * subject's limits stand (a plan failing local limits from it should the store stop), and the alert thresholds it
   * reached are in no check's answer. `owner` is what the checks that spent here passed.
   */
  onTakenAhead?(subject: string, owner: Owner, decision: Decision): void;
};

/**
 * The limits of a spec as text: a server forgets its config on every change anyone makes and rebuilds its specs, so
 * a holding is kept while its limits stay the same, whatever the object.
 */
const limitsText = new WeakMap<LimitSpec, string>();
function limitsOf(spec: LimitSpec): string {
  let text = limitsText.get(spec);
  if (text === undefined) {
    text = spec.parts
      .map((p) => [p.prefix, p.capacity, p.perMinute, ...p.windows.map((w) => `${w.rule.code}=${w.size}`)].join(" "))
      .join("|");
    limitsText.set(spec, text);
  }
  return text;
}

export function createLocalShares<Owner>(
  store: CounterStore,
  { now = Date.now, schedule, onSpent, onTakenAhead }: LocalSharesOptions<Owner>,
) {
  const holdings = new Map<string, Holding<Owner>>();

  function holding(subject: string, counted: string, spec: LimitSpec, size: number, owner: Owner): Holding<Owner> {
    const key = `${subject}\n${counted}`;
    let h = holdings.get(key);
    if (h) h.owner = owner;
    // Limits edited, or a share size changed: what is held under the old ones goes back, and counting starts afresh
    // (a store that failed is still taken to be failing).
    let failedAt = 0;
    if (h && h.spec !== spec) {
      if (h.size === size && limitsOf(h.spec) === limitsOf(spec)) h.spec = spec;
      else {
        holdings.delete(key);
        void retire(h);
        failedAt = h.failedAt;
        h = undefined;
      }
    }
    if (!h) {
      h = {
        subject,
        owner,
        spec,
        size,
        shares: [],
        spentInFull: 0,
        resets: 0,
        taking: null,
        lastUsedMs: now(),
        known: null,
        knownAt: 0,
        rate: 0,
        takeMs: 0,
        spentSince: 0,
        failedAt,
      };
      holdings.set(key, h);
    }
    return h;
  }

  const leftIn = (h: Holding<Owner>) => h.shares.reduce((n, s) => n + s.left, 0);

  /** Gives back a share's unspent units, and settles what was spent in full. Never retried: a give-back that Redis
   * applied but whose answer was lost would give twice; one lost leaves its units counted, never too few. */
  async function giveBack(h: Holding<Owner>, share: Share | null, settle: number): Promise<void> {
    const units = share?.left ?? 0;
    const size = (share?.size ?? 0) + settle;
    if (size === 0) return;
    const given = { takenAtMs: share?.takenAtMs ?? 0, size, resets: h.resets };
    await store.giveBack(h.subject, h.spec, units, given).catch(() => {});
  }

  /** Everything a holding has goes back: its shares, what it spent in full, and what a take under way brings. */
  async function retire(h: Holding<Owner>): Promise<void> {
    await h.taking;
    const shares = h.shares;
    const settle = h.spentInFull;
    h.shares = [];
    h.spentInFull = 0;
    if (shares.length === 0) return giveBack(h, null, settle);
    await Promise.all(shares.map((s, i) => giveBack(h, s, i === 0 ? settle : 0)));
  }

  /** Drops shares that can no longer be spent, and gives back those of holdings gone idle. */
  function sweep() {
    const t = now();
    for (const [key, h] of holdings) {
      if (h.taking) continue;
      if (t - h.lastUsedMs >= IDLE_MS) {
        holdings.delete(key);
        void retire(h);
        continue;
      }
      const expired = h.shares.filter((s) => t >= s.usableUntil);
      if (expired.length === 0) continue;
      h.shares = h.shares.filter((s) => t < s.usableUntil);
      for (const s of expired) void giveBack(h, s, 0);
    }
  }
  const stopSweeping = schedule(SWEEP_EVERY_MS, sweep);

  /** When the share taken by a call sent at `sentAt` stops being spendable here. */
  function usableUntil(spec: LimitSpec, takenAtMs: number, sentAt: number): number {
    // The store's clock is at most `takenAtMs + (t - sentAt)` at this process's `t`.
    let until = sentAt + SHARE_LEASE_MS - LEASE_MARGIN_MS;
    for (const part of spec.parts) {
      for (const w of part.windows) {
        const end = w.rule.endMs(w.rule.index(takenAtMs));
        until = Math.min(until, sentAt + (end - takenAtMs) - WINDOW_MARGIN_MS);
      }
    }
    return until;
  }

  return {
    /**
     * A check allowed from a share held here, as the store would report it (what it last said, with the units still
     * held here counted as remaining), or undefined when none has `cost` left.
     */
    spend(
      subject: string,
      counted: string,
      spec: LimitSpec,
      cost: number,
      size: number,
      owner: Owner,
    ): Decision | undefined {
      const h = holding(subject, counted, spec, size, owner);
      const t = now();
      h.lastUsedMs = t;
      let share = h.shares[0];
      for (; share; share = h.shares[0]) {
        if (t < share.usableUntil && share.left >= cost) break;
        // Too small for this cost, or past its time: it goes back (a share spent in full never stays in the list).
        h.shares.shift();
        void giveBack(h, share, 0);
      }
      if (!share || !h.known) return undefined;
      share.left -= cost;
      if (share.left === 0) {
        h.shares.shift();
        h.spentInFull += share.size;
      }
      h.spentSince += cost;
      onSpent(subject, cost, counted);
      // The next share is asked for before this one runs out, so that the checks to come need not wait for it: when
      // what is left would last about two takes at the rate it is spent, but never before a tenth of a share is left
      // (half a share until the rate is known). Asked that late, a take brings nearly a whole share, so a hot customer
      // costs one store call for nearly every share: the store's work is what the share is for.
      const left = leftIn(h);
      const soon = h.takeMs === 0 ? h.size / 2 : Math.min(h.size / 10, cost + Math.ceil(2 * h.rate * h.takeMs));
      if (left < soon && !h.taking && h.failedAt === 0) {
        void take(h, 0).then((d) => {
          if (!(d instanceof Error)) onTakenAhead?.(h.subject, h.owner, d);
        });
      }
      const limits = h.known.limits.map((l) => ({ ...l, remaining: Math.min(l.limit, l.remaining + left) }));
      return { allowed: true, nowMs: h.known.nowMs + (t - h.knownAt), limits };
    },

    /**
     * This check at the store, with a share taken with it: its decision, or null when another check's take was under
     * way (waited for: spend again).
     */
    async take(subject: string, counted: string, spec: LimitSpec, cost: number, size: number, owner: Owner) {
      const h = holding(subject, counted, spec, size, owner);
      if (h.taking) {
        const result = await h.taking;
        if (result instanceof Error) throw result;
        return null;
      }
      const result = await take(h, cost);
      if (result instanceof Error) throw result;
      return result;
    },

    /** Shutdown: every share goes back. */
    async close(): Promise<void> {
      stopSweeping();
      const all = [...holdings.values()];
      holdings.clear();
      await Promise.all(all.map(retire));
    },
  };

  /** One store call for a holding: `cost` for a check (0: none) and a share of what it may still hold. */
  function take(h: Holding<Owner>, cost: number): Promise<Decision | Error> {
    const sentAt = now();
    const share = Math.max(1, h.size - leftIn(h));
    const alone = h.failedAt !== 0;
    const settle = alone ? 0 : h.spentInFull;
    const call = alone
      ? store.check(h.subject, h.spec, cost).then((d) => ({ ...d, taken: 0, resets: h.resets }))
      : store.take(h.subject, h.spec, cost, { share, settle, resets: h.resets });
    const taking = call.then(
      (d) => {
        h.failedAt = 0;
        // A reset since this holding's shares were taken carried them (reset.lua): they are spent and settled as ever.
        h.spentInFull -= settle;
        h.resets = d.resets;
        const t = now();
        const rate = h.spentSince / Math.max(1, t - (h.knownAt || sentAt));
        h.rate = h.takeMs === 0 ? rate : 0.7 * h.rate + 0.3 * rate;
        h.takeMs = h.takeMs === 0 ? Math.max(1, t - sentAt) : 0.7 * h.takeMs + 0.3 * Math.max(1, t - sentAt);
        h.spentSince = 0;
        h.known = d;
        h.knownAt = t;
        if (d.taken > 0) {
          h.shares.push({
            size: d.taken,
            left: d.taken,
            takenAtMs: d.nowMs,
            usableUntil: usableUntil(h.spec, d.nowMs, sentAt),
          });
        }
        return d;
      },
      (error: unknown) => {
        h.failedAt = now();
        return error instanceof Error ? error : new Error(String(error));
      },
    );
    h.taking = taking;
    void taking.then(() => {
      h.taking = null;
    });
    return taking;
  }
}
