// POST /v1/customers: a new customer on a plan, with the day its monthly limits renew on.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import type { Customer } from "../../../lib/domain";
import { customerListKey } from "./get-customers";

export type CustomerInput = Pick<Customer, "name" | "planId" | "billingDay">;

export const createCustomer = (bearer: string, input: CustomerInput) =>
  apiRequest<Customer>("/v1/customers", bearer, { method: "POST", body: input });

export function useCreateCustomer() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerInput) => createCustomer(bearer, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerListKey }),
  });
}
