// PATCH /v1/customers/{id}: a customer's plan and overrides.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import type { Customer, Overrides } from "../../../lib/domain";

export type CustomerChange = { id: string; planId: string; overrides: Overrides };

export const updateCustomer = (bearer: string, { id, ...body }: CustomerChange) =>
  apiRequest<Customer>(`/v1/customers/${encodeURIComponent(id)}`, bearer, { method: "PATCH", body });

export function useUpdateCustomer() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CustomerChange) => updateCustomer(bearer, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["customers"] }),
  });
}
