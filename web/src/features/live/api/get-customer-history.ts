// GET /v1/customers/{id}/usage/history: allowed and denied checks per minute for the live chart.
import { queryOptions, useQueries } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import { HISTORY_MINUTES, type History, type HistoryPoint, LIVE_REFRESH_MS } from "../../../lib/quota";

export const getCustomerHistory = (bearer: string, customerId: string, signal?: AbortSignal) =>
  apiRequest<History>(
    `/v1/customers/${encodeURIComponent(customerId)}/usage/history?minutes=${HISTORY_MINUTES}`,
    bearer,
    { signal },
  );

export const customerHistoryQueryOptions = (bearer: string, customerId: string) =>
  queryOptions({
    queryKey: ["customers", customerId, "history"],
    queryFn: ({ signal }) => getCustomerHistory(bearer, customerId, signal),
    meta: { bearer: "admin" },
    refetchInterval: LIVE_REFRESH_MS,
    staleTime: 0,
  });

/** Adds up several customers' minutes; reads made either side of a minute's turn may differ by one minute. */
export function sumHistories(histories: History[]): HistoryPoint[] {
  const byMinute = new Map<string, HistoryPoint>();
  for (const { points } of histories) {
    for (const p of points) {
      const sum = byMinute.get(p.minute) ?? { minute: p.minute, allowed: 0, denied: 0 };
      byMinute.set(p.minute, { minute: p.minute, allowed: sum.allowed + p.allowed, denied: sum.denied + p.denied });
    }
  }
  return [...byMinute.values()].sort((a, b) => a.minute.localeCompare(b.minute)).slice(-HISTORY_MINUTES);
}

/** The per-minute history of these customers, added up: there is no API route for all customers at once. */
export function useCombinedHistory(customerIds: string[]) {
  const bearer = useAdminToken();
  return useQueries({
    queries: customerIds.map((id) => customerHistoryQueryOptions(bearer, id)),
    combine: (results) => ({
      pending: results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
      points: sumHistories(results.flatMap((r) => (r.data ? [r.data] : []))),
    }),
  });
}
