// POST /v1/customers/{id}/keys: a new API key, whose secret the API returns this once only.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";

export type NewKey = { id: string; prefix: string; key: string };

export const createKey = (bearer: string, customerId: string) =>
  apiRequest<NewKey>(`/v1/customers/${encodeURIComponent(customerId)}/keys`, bearer, { method: "POST" });

export function useCreateKey(customerId: string) {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createKey(bearer, customerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["customers", customerId, "keys"] }),
  });
}
