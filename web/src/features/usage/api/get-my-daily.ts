// GET /v1/me/usage/daily with a customer's API key: allowed and denied checks per UTC day, last 90 days.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { DAILY_DAYS, DAILY_REFRESH_MS, type Daily } from "../../../lib/quota";

export const getMyDaily = (apiKey: string, signal?: AbortSignal) =>
  apiRequest<Daily>(`/v1/me/usage/daily?days=${DAILY_DAYS}`, apiKey, { signal });

export const myDailyQueryOptions = (apiKey: string) =>
  queryOptions({
    queryKey: ["me", "daily"],
    queryFn: ({ signal }) => getMyDaily(apiKey, signal),
    meta: { bearer: "customer" },
    refetchInterval: DAILY_REFRESH_MS,
  });

export const useMyDaily = (apiKey: string) => useQuery(myDailyQueryOptions(apiKey));
