// GET /v1/usage: every customer's usage in one request, read again every LIVE_REFRESH_MS on the Live page, whatever the
// number of customers.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import { liveQuery } from "../../../lib/live-reads";
import type { History, Usage } from "../../../lib/quota";
import { useSteadyQuery } from "../../../lib/steady-query";

/** One customer on the board: its usage, its last hour of checks, and what its limits say. */
export type LiveCustomer = Usage & {
  name: string;
  allowed: number;
  denied: number;
  /** The limits with nothing left, which deny every check now. */
  denying: string[];
  /** The limits whose numbers the customer's overrides change from its plan's. */
  overridden: string[];
};

export type Throttled = { customerId: string; name: string; allowed: number; denied: number };

export type LiveUsage = { total: number; customers: LiveCustomer[]; topThrottled: Throttled[]; traffic: History };

export const LIVE_SORTS = {
  nearest: "Nearest to a limit",
  denied: "Most denied",
  name: "Name",
} as const;
export type LiveSort = keyof typeof LIVE_SORTS;

export type LiveQuery = { q: string; sort: LiveSort; limit: number };

export function getLiveUsage(bearer: string, { q, sort, limit }: LiveQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ sort, limit: String(limit) });
  if (q.trim()) params.set("q", q.trim());
  return apiRequest<LiveUsage>(`/v1/usage?${params}`, bearer, { signal });
}

export const liveUsageQueryOptions = (bearer: string, query: LiveQuery) =>
  queryOptions({
    queryKey: ["usage", "live", query],
    ...liveQuery(({ signal }) => getLiveUsage(bearer, query, signal)),
    meta: { bearer: "admin" },
    // A new search or sort shows the last answer until its own arrives, rather than a spinner in place of the list.
    placeholderData: keepPreviousData,
  });

export const useLiveUsage = (query: LiveQuery) =>
  useSteadyQuery(useQuery(liveUsageQueryOptions(useAdminToken(), query)));
