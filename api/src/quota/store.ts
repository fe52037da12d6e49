// The counter store: one atomic call per check that decides every limit of a subject at once.
import type { LimitName, LimitSpec } from "./limits";

/** One limit as a store sees it after a check or a read: all times in the store's own clock (ms). */
export type LimitState = {
  name: LimitName;
  limit: number;
  remaining: number;
  /** When the bucket is full again, or when the window ends. */
  resetMs: number;
  /** How long until this limit lets the same cost through: 0 when it does now, null when it never can. */
  waitMs: number | null;
};

export type StoreDecision = {
  allowed: boolean;
  /** The store's clock when it decided, so every API server agrees on time (Redis TIME). */
  nowMs: number;
  limits: LimitState[];
};

export type HistoryPoint = { minute: number; allowed: number; denied: number };

export interface CounterStore {
  /** Decides and, when allowed, consumes `cost` from every limit, in one atomic step. A denial consumes nothing. */
  check(subject: string, spec: LimitSpec, cost: number): Promise<StoreDecision>;
  /** The same state as a check of cost 1 would see, consuming nothing and recording nothing. */
  usage(subject: string, spec: LimitSpec): Promise<StoreDecision>;
  /** Allowed and denied checks per minute (minute = Unix ms of its start), oldest first, zeros included. */
  history(subject: string, minutes: number): Promise<HistoryPoint[]>;
  /** Adds denials answered from the deny cache to the subject's history for the current minute. */
  recordDenials(subject: string, count: number): Promise<void>;
  /** Forgets every counter of the subject (not its history). */
  reset(subject: string): Promise<void>;
  /** Answers when the store is reachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
