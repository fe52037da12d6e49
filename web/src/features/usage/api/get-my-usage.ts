// GET /v1/me/usage with a customer's API key: each limit as it stands, read every LIVE_REFRESH_MS.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { liveQuery } from "../../../lib/live-reads";
import type { Usage } from "../../../lib/quota";
import { useSteadyQuery } from "../../../lib/steady-query";

export const getMyUsage = (apiKey: string, signal?: AbortSignal) =>
  apiRequest<Usage>("/v1/me/usage", apiKey, { signal });

export const myUsageQueryOptions = (apiKey: string) =>
  queryOptions({
    queryKey: ["me", "usage"],
    ...liveQuery(({ signal }) => getMyUsage(apiKey, signal)),
    meta: { bearer: "customer" },
  });

export const useMyUsage = (apiKey: string) => useSteadyQuery(useQuery(myUsageQueryOptions(apiKey)));
