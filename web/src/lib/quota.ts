// The shapes of usage and history the API returns (contract section 6), and how each limit is named on screen.
import type { LimitField } from "./domain";

export type LimitName = "burst" | "hour" | "day";

export type LimitEntry = { name: LimitName; limit: number; remaining: number; reset: number; perMinute?: number };

export type Usage = { customerId: string; planId: string; limits: LimitEntry[] };

export type HistoryPoint = { minute: string; allowed: number; denied: number };

export type History = { points: HistoryPoint[] };

export const LIMIT_LABELS: Record<LimitName, string> = { burst: "Burst", hour: "Per hour", day: "Per day" };

/** The labels of the plan fields, exactly as the contract names the controls. */
export const FIELD_LABELS: Record<LimitField, string> = {
  burst: "Burst",
  perMinute: "Per minute",
  perHour: "Per hour",
  perDay: "Per day",
};

/** The minutes of history the charts show. */
export const HISTORY_MINUTES = 60;

/** How often live numbers are read again; the contract asks for at least every 2 seconds. */
export const LIVE_REFRESH_MS = 2000;
