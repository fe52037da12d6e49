// DELETE /v1/keys/{id}: revoke an API key; it stops working at once on this server.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";

export const revokeKey = (bearer: string, keyId: string) =>
  apiRequest<void>(`/v1/keys/${encodeURIComponent(keyId)}`, bearer, { method: "DELETE" });

export function useRevokeKey(customerId: string) {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => revokeKey(bearer, keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["customers", customerId, "keys"] }),
  });
}
