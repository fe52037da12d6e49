// What a plan's limits do to a burst: each request of a described traffic decided by the memory store's own step
// (callInProcess), counted per period of time and, when denied, by the limit that denied it. Pure, so the console can
// run it on every keystroke and it cannot disagree with the service.
import type { Limits } from "../domain/limit-kinds";
import type { CounterState } from "./counting";
import type { Decision } from "./decision";
import { callInProcess } from "./in-process";
import { type LimitName, limitSpec } from "./limits";

/** A stretch of traffic: `requests` spread evenly over `overSeconds` (all in the same millisecond when 0). */
export type Phase = { requests: number; overSeconds: number };

/** Phases one after the other: "200 requests over 10 s, then 7,200 over an hour". */
export type Traffic = readonly Phase[];

/** At most this many requests are decided, so that a browser stays responsive; the rest are left out. */
export const MAX_REQUESTS = 200_000;

/** At most this many periods, one a bar: about a pixel each across a phone. */
const MAX_PERIODS = 360;

/**
 * Monday 1 January 2024, 00:00Z: an hour, a day, an ISO week and a calendar month all start here, so by default
 * the traffic meets every window fresh and whole, as a new customer's would.
 */
export const SIMULATION_START_MS = Date.UTC(2024, 0, 1);

const SECOND_MS = 1000;
/** The periods a chart reads well in, from a second to a week; the shortest that keeps to MAX_PERIODS is used. */
const PERIODS_MS = [
  1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 604800,
].map((s) => s * SECOND_MS);

/** One period's requests: those allowed, and those denied by each limit (`denied[k]` by `limits[k]`). */
export type SimulatedPeriod = { offsetMs: number; allowed: number; denied: number[] };

export type Simulation = {
  /** The limits that can deny, named as a check reports them (`burst`, `hour`, …), in the order it checks them. */
  limits: LimitName[];
  periodMs: number;
  /** From the first request to the end of the traffic (or to the last request decided, when capped). */
  durationMs: number;
  periods: SimulatedPeriod[];
  allowed: number;
  /** Denied by each limit, as in a period. */
  denied: number[];
  /** Requests decided: all of them, or MAX_REQUESTS when the traffic describes more. */
  simulated: number;
  /** Requests the traffic describes. */
  described: number;
};

/** The limit that denied a request: the first that did not fit (its wait is not 0), as the check reports it. */
function denyingLimit(decision: Decision): number {
  return decision.limits.findIndex((limit) => limit.waitMs !== 0);
}

/** Adds a denial to the count of the limit that denied it. */
export function countDenial(denied: number[], decision: Decision) {
  const k = denyingLimit(decision);
  denied[k] = (denied[k] as number) + 1;
}

/** When request `i` of a phase of `requests` over `overMs` is made, from the phase's start: evenly, in whole ms. */
const offsetIn = (i: number, requests: number, overMs: number) => Math.floor((i * overMs) / requests);

/** Calls `visit` with the offset from the start (ms) of each of the first `max` requests the traffic makes. */
function eachRequest(traffic: Traffic, max: number, visit: (offsetMs: number) => void) {
  let phaseStart = 0;
  let left = max;
  for (const { requests, overSeconds } of traffic) {
    const overMs = Math.round(overSeconds * SECOND_MS);
    const n = Math.min(requests, left);
    for (let i = 0; i < n; i++) visit(phaseStart + offsetIn(i, requests, overMs));
    left -= n;
    phaseStart += overMs;
  }
}

/** How long the traffic lasts, or, when it makes more than `max` requests, until just after the last one decided. */
function spanMs(traffic: Traffic, max: number): number {
  let phaseStart = 0;
  let left = max;
  for (const { requests, overSeconds } of traffic) {
    const overMs = Math.round(overSeconds * SECOND_MS);
    if (requests > left) return left === 0 ? phaseStart : phaseStart + offsetIn(left - 1, requests, overMs) + 1;
    left -= requests;
    phaseStart += overMs;
  }
  return phaseStart;
}

/** The shortest period that cuts `durationMs` into at most MAX_PERIODS. */
function periodFor(durationMs: number): number {
  return PERIODS_MS.find((p) => Math.ceil(durationMs / p) <= MAX_PERIODS) ?? Math.ceil(durationMs / MAX_PERIODS);
}

/**
 * Decides every request of `traffic`, starting at `startMs` with every counter empty, one after the other as the
 * memory store does (its `callInProcess`, its state kept between calls), and counts them per period.
 */
export function simulate(limits: Limits, traffic: Traffic, startMs = SIMULATION_START_MS): Simulation {
  // Requests in flight depend on how long each takes, which a described traffic does not say: not simulated.
  const spec = limitSpec({ ...limits, concurrent: null });
  const names = callInProcess(undefined, spec, 1, startMs, "read").decision.limits.map((l) => l.name);
  const durationMs = Math.max(1, spanMs(traffic, MAX_REQUESTS));
  const periodMs = periodFor(durationMs);
  const periods: SimulatedPeriod[] = Array.from({ length: Math.ceil(durationMs / periodMs) }, (_, i) => ({
    offsetMs: i * periodMs,
    allowed: 0,
    denied: names.map(() => 0),
  }));
  let state: CounterState | undefined;
  let simulated = 0;
  eachRequest(traffic, MAX_REQUESTS, (offsetMs) => {
    const { decision, next } = callInProcess(state, spec, 1, startMs + offsetMs);
    if (next) state = next;
    const period = periods[Math.floor(offsetMs / periodMs)] as SimulatedPeriod;
    if (decision.allowed) period.allowed++;
    else countDenial(period.denied, decision);
    simulated++;
  });
  const denied = names.map((_, k) => periods.reduce((sum, p) => sum + (p.denied[k] as number), 0));
  return {
    limits: names,
    periodMs,
    durationMs,
    periods,
    allowed: periods.reduce((sum, p) => sum + p.allowed, 0),
    denied,
    simulated,
    described: traffic.reduce((sum, p) => sum + p.requests, 0),
  };
}
