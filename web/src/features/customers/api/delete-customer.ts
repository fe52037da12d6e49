// DELETE /v1/customers/{id} with If-Match: the customer as the admin read it, and its keys with it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import { customerListKey } from "./get-customers";

export const deleteCustomer = (bearer: string, id: string, version: number) =>
  apiRequest<void>(`/v1/customers/${encodeURIComponent(id)}`, bearer, { method: "DELETE", ifMatch: version });

/** A customer's delete under way: its limits are not read meanwhile (a read after it would answer 404). */
export const deleteCustomerKey = ["delete-customer"] as const;

export function useDeleteCustomer() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteCustomerKey,
    mutationFn: ({ id, version }: { id: string; version: number }) => deleteCustomer(bearer, id, version),
    // The list only: the deleted customer's own queries (its keys) would answer 404 if read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerListKey }),
  });
}
