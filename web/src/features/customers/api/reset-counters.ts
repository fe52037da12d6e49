// POST /v1/customers/{id}/reset: every limit of a customer starts afresh; its history of checks is kept.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import type { Usage } from "../../../lib/quota";

export const resetCounters = (bearer: string, customerId: string) =>
  apiRequest<Usage>(`/v1/customers/${encodeURIComponent(customerId)}/reset`, bearer, { method: "POST" });

export function useResetCounters(customerId: string) {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetCounters(bearer, customerId),
    // Its usage as the Live page shows it is full again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["customers", customerId] }),
  });
}
