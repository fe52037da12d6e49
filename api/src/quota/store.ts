// The counter store: one atomic call per check that decides every limit of a subject at once.
import type { Allowed, GiveBack, LeaseAsk, Take } from "./counting";
import type { Decision } from "./decision";
import type { LimitSpec } from "./limits";

/** Which server sent a record of checks, and its number, rising from one call to the next for a subject's part. */
export type RecordOnce = { server: string; seq: number };

export type HistoryPoint = { minute: number; allowed: number; denied: number };

/**
 * One UTC day's checks; `day` is Unix ms of its 00:00Z. `units`: the cost its allowed checks consumed, less what was
 * refunded that day (never below 0): what a bill is made from.
 */
export type DayPoint = { day: number; allowed: number; denied: number; units: number };

/** A limit set's days: the subject's own (resource null), or those of the checks that named a resource. */
export type PartDays = { resource: string | null; points: DayPoint[] };

/**
 * What one server saw since it last marked the board: every check it answered, allowed or denied, the customers
 * whose share left moved or who were denied, and (`gone`) customers the Live page found no longer exist.
 */
export type BoardMarks = { allowed: number; denied: number; customers: BoardMark[]; gone?: string[] };

/** A customer's share left of its nearest limit when it moved (else null), and its denials since the last mark. */
export type BoardMark = { subject: string; left: number | null; denied: number };

export type Board = {
  /** Each with its share left as last marked (0 to 1), which may have grown since: a window ended, a refund, a reset. */
  nearest: { subject: string; left: number }[];
  denied: { subject: string; denied: number }[];
  traffic: HistoryPoint[];
};

/**
 * A store call that failed for want of the store: no answer within the budget (STORE_TIMEOUT_MS), or the breaker is
 * open (guard/guarded-store.ts). The limiter answers a check by its plan's fail mode then; other calls answer 503.
 */
export class StoreUnavailable extends Error {
  /**
   * The call given up on when it took too long, which may still be answered: a check Redis ran after its server gave up
   * on it is counted, and the alert thresholds it reached are in its late answer alone.
   */
  late?: Promise<unknown>;

  constructor(message = "the counter store is unavailable") {
    super(message);
  }
}

/** How many days back daily totals are kept: a year and a month, for a monthly bill a year on. */
export const KEPT_DAYS = 400;

/** What a reset forgets besides the counters. */
export type ResetOptions = { history?: boolean };

/** The nodes of a store that keeps each subject's counters on one of several (a Redis Cluster's masters). */
export type StoreNodes = {
  /** The node that serves the subject now, by its address; undefined while the store does not know yet. */
  of(subject: string): string | undefined;
  /**
   * Answers when the node serving the subject does, whichever node that is by then: a probe routed as the subject's
   * calls are, so that it follows a failover or a reconnect as they would.
   */
  ping(subject: string): Promise<void>;
};

export interface CounterStore {
  /**
   * Decides and, when allowed, consumes `cost` from every limit, in one atomic step. A denial consumes nothing. Given
   * a `lease` (contract section 14), the same step takes it in every part with a `concurrent` limit (denied when one
   * has none free) and, reserving, keeps the cost for its settle; the lease ends at leaseEndMs(nowMs, ttlMs).
   */
  check(subject: string, spec: LimitSpec, cost: number, lease?: LeaseAsk): Promise<Decision>;
  /**
   * Ends a lease at once, in one atomic step: its slot in every part is free and its reservation (if any) is kept as
   * reserved. Answers where the spec's limits stand after it, or null when the lease had ended already (released,
   * settled, expired, or never taken).
   */
  release(subject: string, spec: LimitSpec, lease: string): Promise<Decision | null>;
  /**
   * Sets a running reservation's real cost, in one atomic step: the difference from what it reserved is taken from, or
   * given back to (never below empty), every bucket and every window it took from that is still running, whatever the
   * limits say; the day's units change with it, not its checks. Ends the lease. Answers where the limits stand after,
   * or null when no reservation of that id is running (settled, expired, or never taken): nothing changes then. A
   * reservation made before the counters were reset ends and counts nothing.
   */
  settle(subject: string, spec: LimitSpec, lease: string, cost: number): Promise<Decision | null>;
  /** The same state as a check of cost 1 would see, consuming nothing and recording nothing. */
  usage(subject: string, spec: LimitSpec): Promise<Decision>;
  /** Gives `cost` back to every bucket and window of the spec, in one atomic step, never below empty. */
  refund(subject: string, spec: LimitSpec, cost: number): Promise<Decision>;
  /** Allowed and denied checks per minute (minute = Unix ms of its start), oldest first, zeros included. */
  history(subject: string, minutes: number): Promise<HistoryPoint[]>;
  /**
   * Allowed and denied checks per UTC day and the units the allowed ones consumed, oldest first, zeros included, up to
   * KEPT_DAYS back. A check adds its cost to its day's units, a refund takes its cost from the current day's (never
   * below 0), an outage's add (addAllowed) its units to the day they were allowed on, and checks allowed from a share
   * theirs as they are recorded (recordChecks): units held as shares but not spent are no one's bill. Anonymous subjects
   * (`ip:…`) keep none: no bill is made from an address, and each address's days would be kept for 400 days. Given a
   * `resource`, the days of the checks that named it (each counts in the subject's days as well).
   */
  daily(subject: string, days: number, resource?: string): Promise<DayPoint[]>;
  /**
   * The days of each of a subject's limit sets in one call, as `daily` reads them: its own first, always, then those
   * of every resource with a check or units in these days, by name, whether or not its plan names the resource now
   * (a plan edited mid-month still bills what the month's checks of a resource it dropped consumed).
   */
  dailyParts(subject: string, days: number): Promise<PartDays[]>;
  /**
   * A share of contract section 12: a check of `cost` (0: none, a share alone, not counted as a check) that, when
   * allowed, also takes up to `share` more units from every limit of the spec in the same atomic step, for a server to
   * spend locally; `taken` is how many it took. A denial takes nothing. `settle`: units of this server's earlier shares
   * that it has spent in full (they stop being held), unless the counters were reset since those were taken (`ask.resets`
   * is not the store's). `resets`: how many times the subject's counters have been reset, for the share's give-back.
   */
  take(
    subject: string,
    spec: LimitSpec,
    cost: number,
    ask: Take,
  ): Promise<Decision & { taken: number; resets: number }>;
  /**
   * Gives back `units` unspent of a share of `size` taken at `takenAtMs` (the store's clock), in one atomic step: to
   * every bucket, and to every window that is still the one they were taken from; the store stops counting the
   * share as held. Nothing happens when the counters were reset since the share was taken (`share.resets`).
   */
  giveBack(subject: string, spec: LimitSpec, units: number, share: GiveBack): Promise<void>;
  /**
   * Adds `units` that a server allowed on its own while the store did not answer (a plan failing `local`), in one
   * atomic step, whatever the limits say now: to every bucket, less what has drained since the last was allowed, and
   * to every window still the one running then; `checks` allowed checks to that minute's history and day. Answers
   * where the limits stand after.
   */
  addAllowed(subject: string, spec: LimitSpec, units: number, allowed: Allowed): Promise<Decision>;
  /**
   * Says that the server `server` shares this store for the next `ttlMs`, and answers how many servers do, this one
   * included: what a plan failing `local` divides a customer's quota by while the store is down. With `withinMs` (> 0),
   * only those that said so less than `withinMs` ago: after an outage began, the servers that are back.
   */
  presence(server: string, ttlMs: number, withinMs?: number): Promise<number>;
  /**
   * Adds checks answered in the API server, not by the store, to the subject's history for the current minute (and
   * its day): denials from the deny cache, and checks allowed from a share, which consumed `units` (one each when
   * not said); those that named `resource` count in its days too. `once`: the call is one server's `seq`th (numbered
   * apart for each subject and resource), added once however often it is sent (an answer lost, it is sent again).
   */
  recordChecks(
    subject: string,
    checks: { allowed: number; denied: number; units?: number; resource?: string; once?: RecordOnce },
  ): Promise<void>;
  /**
   * Adds what a server saw of the customers it checked lately to the board that the Live page reads a page of (GET
   * /v1/usage): the checks allowed and denied, counted in the current minute, and each customer's share left of its
   * nearest limit (replacing what was there) and its denials; the customers `gone` leave it.
   */
  markBoard(marks: BoardMarks): Promise<void>;
  /**
   * The board, read without a pass over every customer: the `nearest` subjects with the least share left, least
   * first (ties by subject), each with that share; the `denied` most denied in the last hour, most first (ties by subject); and every
   * customer's checks per minute added up, the last `minutes` of them, oldest first.
   */
  readBoard(ask: { nearest: number; denied: number; minutes: number }): Promise<Board>;
  /**
   * Forgets every counter of the subject; with `history`, its history too (checks per minute and per day, its
   * resources' included): a deleted customer's, so that one made again with its id is never shown or billed them.
   */
  reset(subject: string, options?: ResetOptions): Promise<void>;
  /** Answers when the store is reachable. */
  ping(): Promise<void>;
  /** A store spread over nodes (a Redis Cluster): each node's outage is its own (guard/guarded-store.ts). */
  readonly nodes?: StoreNodes;
  /**
   * A view of this store whose calls made together share one request to it, for the calls of one request only: on a
   * Worker, a request's I/O that another request awaits is cancelled, so a store there sends each call alone, and one
   * request's many reads (GET /v1/usage) would each be a subrequest. Stores that already merge give themselves. A
   * view is closed with its store, never by itself.
   */
  together(): CounterStore;
  close(): Promise<void>;
}
