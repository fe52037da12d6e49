// GET /v1/me with a customer's API key: who the key belongs to, and the plan that applies to it.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import type { Limits, Overrides, Resources } from "../../../lib/domain";
import { useSteadyQuery } from "../../../lib/steady-query";

export type Me = {
  id: string;
  name: string;
  planId: string;
  plan: Limits & {
    id: string;
    name: string;
    resources: Resources;
    failMode: "open" | "closed" | "local";
    shadow: boolean;
    /** The alert thresholds that apply to the customer: its own, else its plan's. */
    alerts: number[];
  };
  /** The customer's own values among the plan's above; null when it has the plan as it is. */
  overrides: Overrides;
};

export const getMe = (apiKey: string, signal?: AbortSignal) => apiRequest<Me>("/v1/me", apiKey, { signal });

export const meQueryOptions = (apiKey: string) =>
  queryOptions({
    queryKey: ["me"],
    queryFn: ({ signal }) => getMe(apiKey, signal),
    meta: { bearer: "customer" },
    // Plan changes and revocations show up within a few seconds.
    refetchInterval: 10_000,
  });

export const useMe = (apiKey: string) => useSteadyQuery(useQuery(meQueryOptions(apiKey)));
