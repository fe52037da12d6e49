// GET /v1/customers: every customer, for the customers table and the live page.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import type { Customer } from "../../../lib/domain";

export const getCustomers = async (bearer: string, signal?: AbortSignal) =>
  (await apiRequest<{ customers: Customer[] }>("/v1/customers", bearer, { signal })).customers;

export const customersQueryOptions = (bearer: string) =>
  queryOptions({
    queryKey: ["customers"],
    queryFn: ({ signal }) => getCustomers(bearer, signal),
    meta: { bearer: "admin" },
  });

/** Every customer; refetchInterval keeps a page that watches the list current without a reload. */
export const useCustomers = (refetchInterval?: number) =>
  useQuery({ ...customersQueryOptions(useAdminToken()), refetchInterval });
