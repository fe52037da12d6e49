// GET /v1/me/usage/history with a customer's API key: allowed and denied checks per minute, last hour.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { liveQuery } from "../../../lib/live-reads";
import { HISTORY_MINUTES, type History } from "../../../lib/quota";
import { useSteadyQuery } from "../../../lib/steady-query";

export const getMyHistory = (apiKey: string, signal?: AbortSignal) =>
  apiRequest<History>(`/v1/me/usage/history?minutes=${HISTORY_MINUTES}`, apiKey, { signal });

export const myHistoryQueryOptions = (apiKey: string) =>
  queryOptions({
    queryKey: ["me", "history"],
    ...liveQuery(({ signal }) => getMyHistory(apiKey, signal)),
    meta: { bearer: "customer" },
  });

export const useMyHistory = (apiKey: string) => useSteadyQuery(useQuery(myHistoryQueryOptions(apiKey)));
