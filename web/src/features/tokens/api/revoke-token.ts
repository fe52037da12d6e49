// DELETE /v1/tokens/{id}: revoke a token; it stops working at once on this server.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";

export const revokeToken = (bearer: string, tokenId: string) =>
  apiRequest<void>(`/v1/tokens/${encodeURIComponent(tokenId)}`, bearer, { method: "DELETE" });

export function useRevokeToken() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => revokeToken(bearer, tokenId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["tokens"] }),
  });
}
