// GET /v1/customers/{id}: one customer as it stands now, to reload its settings after someone else changed it.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import type { Customer } from "../../../lib/domain";

export const getCustomer = (bearer: string, id: string, signal?: AbortSignal) =>
  apiRequest<Customer>(`/v1/customers/${encodeURIComponent(id)}`, bearer, { signal });

export const customerQueryOptions = (bearer: string, id: string) =>
  queryOptions({
    queryKey: ["customers", id],
    queryFn: ({ signal }) => getCustomer(bearer, id, signal),
    meta: { bearer: "admin" },
    staleTime: 0,
  });
