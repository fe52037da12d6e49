// GET /v1/customers/{id}/keys: a customer's API keys by prefix, without the secrets.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";

export type ApiKey = { id: string; prefix: string; createdAt: string; revokedAt: string | null };

export const getKeys = async (bearer: string, customerId: string, signal?: AbortSignal) =>
  (await apiRequest<{ keys: ApiKey[] }>(`/v1/customers/${encodeURIComponent(customerId)}/keys`, bearer, { signal }))
    .keys;

export const keysQueryOptions = (bearer: string, customerId: string) =>
  queryOptions({
    queryKey: ["customers", customerId, "keys"],
    queryFn: ({ signal }) => getKeys(bearer, customerId, signal),
    meta: { bearer: "admin" },
  });

export const useKeys = (customerId: string) => useQuery(keysQueryOptions(useAdminToken(), customerId));
