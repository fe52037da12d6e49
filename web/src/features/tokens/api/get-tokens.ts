// GET /v1/tokens: every admin and service token, oldest first, revoked ones included, without the secrets.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";

export type TokenRole = "admin" | "service";

export type Token = { id: string; name: string; role: TokenRole; createdAt: string; revokedAt: string | null };

export const getTokens = async (bearer: string, signal?: AbortSignal) =>
  (await apiRequest<{ tokens: Token[] }>("/v1/tokens", bearer, { signal })).tokens;

export const tokensQueryOptions = (bearer: string) =>
  queryOptions({
    queryKey: ["tokens"],
    queryFn: ({ signal }) => getTokens(bearer, signal),
    meta: { bearer: "admin" },
  });

export const useTokens = () => useQuery(tokensQueryOptions(useAdminToken()));
