// PATCH /v1/customers/{id} with If-Match: a change to the version the admin read, refused with 412 if it is stale.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import type { Customer } from "../../../lib/domain";
import { customerListKey } from "./get-customers";

/** What the settings form changes: the name, the plan, the billing day, and the overrides as a whole (a PATCH
 * replaces them, fail mode and shadow included). */
export type CustomerSettings = Partial<Pick<Customer, "name" | "planId" | "billingDay" | "overrides">>;

export type CustomerUpdate = { id: string; version: number; patch: CustomerSettings };

export const updateCustomer = (bearer: string, { id, version, patch }: CustomerUpdate) =>
  apiRequest<Customer>(`/v1/customers/${encodeURIComponent(id)}`, bearer, {
    method: "PATCH",
    body: patch,
    ifMatch: version,
  });

export function useUpdateCustomer() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: CustomerUpdate) => updateCustomer(bearer, update),
    // The customer's own queries, and the list's pages, where its row (and what a search finds it by) may change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["customers"] }),
        queryClient.invalidateQueries({ queryKey: customerListKey }),
      ]),
  });
}
