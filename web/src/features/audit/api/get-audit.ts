// GET /v1/audit: the newest changes made through the API.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";

export type AuditEntry = { at: string; actor: string; action: string; target: string; before: unknown; after: unknown };

export const getAudit = async (bearer: string, limit: number, signal?: AbortSignal) =>
  (await apiRequest<{ entries: AuditEntry[] }>(`/v1/audit?limit=${limit}`, bearer, { signal })).entries;

export const auditQueryOptions = (bearer: string, limit: number) =>
  queryOptions({
    queryKey: ["audit", limit],
    queryFn: ({ signal }) => getAudit(bearer, limit, signal),
    meta: { bearer: "admin" },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useAudit = (limit: number) => useQuery(auditQueryOptions(useAdminToken(), limit));
