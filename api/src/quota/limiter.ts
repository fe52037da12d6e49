// The quota layer's one door: check, refund, usage, history, reset, together and close. Behind it stay the deny cache,
// local shares, the plans' fail modes and shadow runs, and the flush of the denials it answered; the store, its
// batcher and its budget are reached only through it.
import type { ConfigChange } from "../config/change-feed";
import type { Metrics } from "../metrics";
import { type Schedule, timerSchedule } from "../schedule";
import { createBoardMarks } from "./board-marks";
import { type LeaseAsk, leaseEndMs } from "./counting";
import {
  type CheckResult,
  type Decided,
  type Decision,
  deniedInFlight,
  type LimitEntry,
  limitEntries,
  outcome,
  type ThresholdCrossing,
} from "./decision";
import { DenyCache } from "./deny-cache";
import { withoutStore } from "./fail-mode";
import { type LeaseRef, leaseName, newLeaseId } from "./lease-id";
import { exceedsSize, type LimitSpec, leaseSpecFor, type QuotaPolicy, specFor } from "./limits";
import { createLocalLimits } from "./local-limits";
import { createLocalShares, IDLE_MS } from "./local-shares";
import {
  type Board,
  type CounterStore,
  type DayPoint,
  type HistoryPoint,
  type PartDays,
  type RecordOnce,
  type ResetOptions,
  StoreUnavailable,
} from "./store";
import { customerSubject } from "./subject";

// Denials answered from memory reach the store's history in one call per subject per second, not one per request.
const FLUSH_EVERY_MS = 1000;
// How long a denial is remembered for a subject with local shares: about when other servers' unused shares are back.
const SHARED_DENIAL_MS = 2 * IDLE_MS;
/** How long a lease lasts when its check does not say (contract section 14: `leaseSeconds`, default 60). */
export const DEFAULT_LEASE_MS = 60_000;
/**
 * How long the lease of a check the store did not answer is released again: past it, Redis refuses to run the check
 * (LATE_AFTER_MS after its budget, script-store.ts), so a lease it has not taken by then it never takes.
 */
const RELEASE_UNANSWERED_MS = 5000;
/** At most so many such leases are released again: in a long outage, checks that never reached the store are many. */
const UNANSWERED_KEPT = 10_000;

/** What the rest of the service sees of quotas. */
export type Limiter = {
  /**
   * The check of contract section 5: the deny cache first, then one store call that decides every limit of the
   * plan and, when the check names one the plan has, of the resource; when the store does not answer, the plan's fail
   * mode. A shadow plan's denial is let through, and says so. Counted in the metrics.
   */
  check(
    subject: string,
    policy: QuotaPolicy,
    cost: number,
    resource?: string,
    lease?: LeaseOptions,
  ): Promise<CheckResult>;
  /** Gives `cost` back to every limit the same check would take it from, in one store call; where they stand after. */
  refund(subject: string, policy: QuotaPolicy, cost: number, resource?: string): Promise<LimitEntry[]>;
  /**
   * Ends a lease at once (contract section 14), in one store call: where the limits of the check that took it stand
   * after, or null when it has ended already (or is not known).
   */
  release(lease: LeaseRef, policy: QuotaPolicy): Promise<LimitEntry[] | null>;
  /**
   * Sets a reservation's real cost, in one store call: where the limits of its check stand after, and the alert
   * thresholds a greater cost reached, or null when no reservation of the lease is running (settled, ended, taken
   * while the store was down, or none).
   */
  settle(lease: LeaseRef, policy: QuotaPolicy, cost: number): Promise<Settled | null>;
  /** Where every limit of the subject stands, the plan's and then every resource's, consuming nothing. */
  usage(subject: string, policy: QuotaPolicy): Promise<LimitEntry[]>;
  /** Allowed and denied checks per minute, oldest first, denials answered from memory included once flushed. */
  history(subject: string, minutes: number): Promise<HistoryPoint[]>;
  /** Allowed and denied checks per UTC day, oldest first, up to 400 days back; denials from memory once flushed. */
  daily(subject: string, days: number, resource?: string): Promise<DayPoint[]>;
  /** The days of each limit set the subject has, its own first, then each resource with any (CounterStore.dailyParts). */
  dailyParts(subject: string, days: number): Promise<PartDays[]>;
  /** Every limit of the subject starts afresh, and a denial remembered for it is forgotten; with `history`, its history goes too. */
  reset(subject: string, options?: ResetOptions): Promise<void>;
  /**
   * The reads of one request whose calls made together share one request to the store (CounterStore.together): for
   * a request that reads many subjects at once (GET /v1/usage), never shared between requests.
   */
  together(): LimiterReads;
  /**
   * The Live page's board (CounterStore.readBoard), this server's own marks sent first, so that what it checked shows
   * at once; other servers' show within a second.
   */
  board(ask: { nearest: number; denied: number; minutes: number }): Promise<Board>;
  /**
   * What the Live page read of a customer's every limit (null: the customer no longer exists), put on the board with
   * the next marks sent: a customer's share there grows with no check to mark it (a window ends, a refund, a reset).
   */
  boardRead(subject: string, limits: LimitEntry[] | null): void;
  /**
   * Gives back every share held here, stops the flushing and writes what is still pending, so a shutdown loses no
   * unit and no check from the history.
   */
  close(): Promise<void>;
};

/**
 * A settle's outcome: where the limits stand, and the thresholds it reached (the store recorded them as raised, so
 * they must go to the outbox as a check's do: contract section 13), by the store's clock.
 */
export type Settled = { limits: LimitEntry[]; crossings?: readonly ThresholdCrossing[]; nowMs: number };

/** What a check asks of its lease (contract section 14): for how long, and whether it reserves its cost for a settle. */
export type LeaseOptions = { ttlMs: number; reserve: boolean };

/** Where a subject's limits stand and the checks it made: reads, which consume nothing. */
export type LimiterReads = Pick<Limiter, "usage" | "history" | "daily" | "dailyParts">;

const readsOf = (store: CounterStore): LimiterReads => ({
  usage: async (subject, policy) => limitEntries(await store.usage(subject, policy.usage)),
  history: (subject, minutes) => store.history(subject, minutes),
  daily: (subject, days, resource) => store.daily(subject, days, resource),
  dailyParts: (subject, days) => store.dailyParts(subject, days),
});

export type LimiterOptions = {
  metrics: Metrics;
  /** The source of Retry-After jitter. */
  random?: () => number;
  /** Where the flush of remembered denials runs: timers on Node (the default), requests on a Worker. */
  schedule?: Schedule;
  /** This process's clock (ms), for how long a denial is remembered. */
  now?: () => number;
  /** Subscribes to the config changes this server learns of: remembered denials they touch are forgotten at once. */
  onConfigChange?: (listener: (change: ConfigChange) => void) => void;
  /**
   * Spends plans' local shares (contract section 12): for a process that lives on and can give a share back within
   * a second (the Node server). A frozen or per-request instance (Lambda, Vercel, a Worker) could not, so there every
   * check goes to the store.
   */
  localShares?: boolean;
  /**
   * Alert thresholds reached by store calls that no check's answer carries: a share taken ahead of the checks, and
   * what a plan failing local allowed during an outage, added to the store's counts after it. The policy is the one
   * the checks passed.
   */
  onBackgroundCrossings?: (policy: QuotaPolicy, crossings: readonly ThresholdCrossing[], nowMs: number) => void;
};

export function createLimiter(
  store: CounterStore,
  {
    metrics,
    random = Math.random,
    schedule = timerSchedule,
    now = Date.now,
    onConfigChange,
    localShares = false,
    onBackgroundCrossings,
  }: LimiterOptions,
): Limiter {
  // Denials are remembered until their retry time, so a flood from one denied subject never reaches the store.
  const denials = new DenyCache({ now });
  onConfigChange?.((change) => {
    // A customer's edit or reset touches its own denials; a plan's, those of every customer on it (all of them here:
    // plans change seldom, and denials are short-lived); keys and tokens, none.
    if (change.kind === "customer" || change.kind === "reset") denials.delete(customerSubject(change.id));
    else if (change.kind === "plan" || change.kind === "all") denials.clear();
  });
  // Checks answered here, not by the store, go to its history (and allowed ones' units to their day) once a second,
  // per subject and the resource they named ("" for none), which counts them in its days too.
  type Unrecorded = { subject: string; allowed: number; denied: number; units: number; resource?: string };
  const unrecorded = new Map<string, Unrecorded>();
  function unrecordedOf(subject: string, counted: string) {
    const at = counted === "" ? subject : `${subject}\n${counted}`;
    let checks = unrecorded.get(at);
    if (!checks) {
      checks = { subject, allowed: 0, denied: 0, units: 0 };
      if (counted !== "") checks.resource = counted;
      unrecorded.set(at, checks);
    }
    return checks;
  }

  const board = createBoardMarks();
  // Lost with the store down (the board is a live view, not a count anything is billed by), and then every customer
  // is marked again at its next check.
  const sendMarks = async () => {
    const marks = board.take();
    if (!marks) return;
    try {
      await store.markBoard(marks);
    } catch (error) {
      board.lost();
      throw error;
    }
  };

  // Leases asked for by checks the store did not answer in time, by id: Redis may still run such a check (a stall
  // shorter than a second, script-store.ts), and its lease would then hold a slot that no caller knows of until it
  // ends (up to an hour). Each is released, at once and then once a second (after the check, on the same
  // connection, when the store is stalled), until a release finds it or RELEASE_UNANSWERED_MS has passed.
  const unanswered = new Map<string, { subject: string; spec: LimitSpec; untilMs: number }>();
  const releaseUnanswered = (id: string) => {
    const lease = unanswered.get(id);
    if (!lease) return Promise.resolve();
    if (now() >= lease.untilMs) {
      unanswered.delete(id);
      return Promise.resolve();
    }
    return store.release(lease.subject, lease.spec, id).then(
      (found) => {
        if (found) unanswered.delete(id);
      },
      () => {},
    );
  };

  // Records sent and not known to be added: with the store down, or its answer lost, each is sent again as it was
  // (its number the same, so the store adds it once), and what was checked since waits behind it. Checks allowed from
  // a share while the store stalled are a bill's units: they must not be dropped, nor counted twice.
  const server = crypto.randomUUID();
  let recordSeq = 0;
  const owed = new Map<string, Unrecorded & { once: RecordOnce }>();
  async function flush(): Promise<void> {
    for (const [at, checks] of unrecorded) {
      if (owed.has(at)) continue;
      owed.set(at, { ...checks, once: { server, seq: ++recordSeq } });
      unrecorded.delete(at);
    }
    await Promise.all([
      ...[...owed].map(([at, { subject, ...checks }]) =>
        store.recordChecks(subject, checks).then(
          () => owed.delete(at),
          () => {},
        ),
      ),
      sendMarks().catch(() => {}),
      ...[...unanswered.keys()].map(releaseUnanswered),
      local.tick(),
    ]);
  }
  /** The check's outcome, marked on the board on its way out. */
  const marked = (subject: string, result: Decided): Decided => {
    board.mark(subject, result.allowed, result.limits);
    return result;
  };
  // Plans failing "local": what each server may allow on its own while the store is down, and what it owes it after.
  const local = createLocalLimits(store, {
    server,
    now,
    onServers: metrics.storeServers,
    onAddedCrossings: onBackgroundCrossings,
  });
  // At once as well: a server says that it shares the store from its start, so it has a share should it fail soon.
  const stopFlushing = schedule(FLUSH_EVERY_MS, flush, { now: true });
  const shares = localShares
    ? createLocalShares<QuotaPolicy>(store, {
        now,
        schedule,
        onSpent: (subject, cost, counted) => {
          const checks = unrecordedOf(subject, counted);
          checks.allowed++;
          checks.units += cost;
        },
        onTakenAhead: (subject, policy, decision) => {
          // As for a check's own take: should the store stop, this server limits from where this left the subject.
          if (policy.failMode === "local") local.saw(subject, decision);
          if (decision.crossings) onBackgroundCrossings?.(policy, decision.crossings, decision.nowMs);
        },
      })
    : null;

  /** A check of a plan failing local, decided by this server alone, on its share. */
  function decidedHere(
    subject: string,
    policy: QuotaPolicy,
    spec: LimitSpec,
    cost: number,
    counted: string,
    ask?: LeaseAsk,
  ): CheckResult {
    // Taken here, a lease is this server's own: its id says so, and its release comes back here.
    const mine = ask && { ...ask, id: newLeaseId(true) };
    const here = local.check(subject, spec, cost, policy, mine);
    const result = marked(subject, outcome(here.decision, here.spec, random));
    if (mine && result.allowed) result.lease = leaseFor(mine, subject, counted, here.decision.nowMs);
    return { ...result, outcome: result.allowed ? "degraded" : "denied", degraded: true };
  }

  /** The lease a check took, as its answer names it. */
  const leaseFor = (ask: LeaseAsk, subject: string, counted: string, nowMs: number) => ({
    id: leaseName(ask.id, subject, counted === "" ? undefined : counted),
    expiresAtMs: leaseEndMs(nowMs, ask.ttlMs),
  });

  return {
    // One function, not one for the decision inside another for the fail mode: each async layer is a turn of the
    // microtask queue on every check.
    async check(subject, policy, cost, resource, lease) {
      const spec = specFor(policy, resource);
      // The deny cache tells checks apart by the resource their spec counts in ("" for none).
      const counted = spec === policy.spec ? "" : (resource as string);
      // A check takes a lease when its limits hold requests in flight, or when it reserves its cost (contract
      // section 14): in the store's step, so never from a local share, which knows nothing of other servers' leases.
      const ask: LeaseAsk | undefined =
        spec.leased || lease?.reserve
          ? { id: newLeaseId(false), ttlMs: lease?.ttlMs ?? DEFAULT_LEASE_MS, reserve: lease?.reserve ?? false }
          : undefined;
      // A hot subject's checks spend a share held here when its plan sets one and the cost fits in one.
      const share =
        shares && ask === undefined && policy.localShare !== null && cost <= policy.localShare
          ? policy.localShare
          : null;
      const isLocal = policy.failMode === "local";
      let result: CheckResult;
      try {
        for (;;) {
          // Units held here are this server's to spend, whatever the store would say now.
          const spent = share === null ? undefined : shares?.spend(subject, counted, spec, cost, share, policy);
          if (spent) {
            // A denial of another cost of the same checks remembered here no longer says where their limits stand.
            denials.forget(subject, counted);
            result = marked(subject, outcome(spent, spec, random));
            break;
          }
          // A cost no limit can ever hold is answered by the store as "never", not with a remembered retry time.
          const remembered = exceedsSize(spec, cost) ? undefined : denials.get(subject, counted, cost);
          if (remembered) {
            metrics.denyCacheHit();
            unrecordedOf(subject, counted).denied++;
            result = marked(subject, outcome(remembered.decision, spec, random, remembered.waitMs));
            break;
          }
          // Just after an outage, until every server has added what it allowed on its own, this server goes on
          // deciding by its share; what it allowed is in the store's counts before the store decides another check.
          if (isLocal && local.holding()) {
            result = decidedHere(subject, policy, spec, cost, counted, ask);
            break;
          }
          if (isLocal && local.owes(subject)) await local.settle(subject);
          const decision =
            share === null || !shares
              ? await store.check(subject, spec, cost, ask)
              : await shares.take(subject, counted, spec, cost, share, policy);
          // Another check's take was under way and has come back: what it brought is spent first.
          if (decision === null) continue;
          if (isLocal) local.saw(subject, decision);
          const decided = outcome(decision, spec, random);
          // A request that can never pass (waitMs null) depends on no state, so there is nothing to wait for. With
          // shares, units that other servers give back (within about a second of going unused) are looked for again.
          // Nor is a denial for want of a free lease remembered: any release may free one at once.
          if (!decided.allowed && decided.waitMs !== null && !(spec.leased && deniedInFlight(decision))) {
            // While a reservation may still be settled, or servers hold shares (which give back, on any server), about
            // as briefly, whether or not this check's plan shares (one edited to stop sharing leaves others' shares).
            const brief = share !== null || decision.settlingUntilMs !== undefined || decision.sharesHeld;
            const forMs = brief ? SHARED_DENIAL_MS : decided.waitMs;
            denials.set(subject, counted, cost, decided.waitMs, decision, forMs);
          } else if (decided.allowed) denials.forget(subject, counted);
          result = marked(subject, decided);
          if (ask && decided.allowed) result.lease = leaseFor(ask, subject, counted, decision.nowMs);
          break;
        }
      } catch (error) {
        if (!(error instanceof StoreUnavailable)) throw error;
        if (isLocal) local.failed();
        // Run by the store after all, its answer late: the thresholds it reached are raised from it, as no one else can.
        error.late?.then(
          (late) => {
            const crossed = (late as Decision | null)?.crossings;
            if (crossed) onBackgroundCrossings?.(policy, crossed, (late as Decision).nowMs);
          },
          () => {},
        );
        if (ask && unanswered.size < UNANSWERED_KEPT) {
          unanswered.set(ask.id, { subject, spec, untilMs: now() + Math.min(ask.ttlMs, RELEASE_UNANSWERED_MS) });
          releaseUnanswered(ask.id);
        }
        // Failing open, nothing is counted and no lease is taken.
        result = isLocal
          ? decidedHere(subject, policy, spec, cost, counted, ask)
          : withoutStore(policy, spec, cost, Date.now());
      }
      metrics.check(result.outcome);
      // A shadow plan never denies: the denial is counted as one, and answered as a pass that says so.
      return policy.shadow && result.outcome === "denied" ? { ...result, allowed: true, shadow: true } : result;
    },

    async refund(subject, policy, cost, resource) {
      const decision = await store.refund(subject, specFor(policy, resource), cost);
      // What was given back may let a remembered denial through now.
      denials.delete(subject);
      return limitEntries(decision);
    },

    async release(lease, policy) {
      const spec = leaseSpecFor(policy, lease.resource);
      const decision = lease.local
        ? local.release(lease.subject, spec, lease.id)
        : await store.release(lease.subject, spec, lease.id);
      // Where the subject's leases stand for a server that goes on alone should the store stop: one fewer held.
      if (decision && !lease.local && policy.failMode === "local") local.saw(lease.subject, decision);
      return decision && limitEntries(decision);
    },

    async settle(lease, policy, cost) {
      // A reservation taken while the store was down keeps its reserved cost: what this server owes the store for it
      // is already that.
      if (lease.local) return null;
      const decision = await store.settle(lease.subject, leaseSpecFor(policy, lease.resource), lease.id, cost);
      if (decision && policy.failMode === "local") local.saw(lease.subject, decision);
      // What was given back may let a remembered denial through now.
      if (!decision) return null;
      denials.delete(lease.subject);
      const { crossings, nowMs } = decision;
      return { limits: limitEntries(decision), nowMs, ...(crossings && { crossings }) };
    },

    ...readsOf(store),

    together: () => readsOf(store.together()),

    async board(ask) {
      await sendMarks();
      return store.readBoard(ask);
    },

    boardRead(subject, limits) {
      board.read(subject, limits);
    },

    async reset(subject, options) {
      await store.reset(subject, options);
      denials.delete(subject);
    },

    async close() {
      // Shares go back first: their spent checks are then in what the flush writes.
      await shares?.close();
      stopFlushing();
      await flush();
    },
  };
}
