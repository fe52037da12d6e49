// GET /v1/customers/{id}/usage: each of a customer's limits as it stands now, read every LIVE_REFRESH_MS on its admin view.
import { queryOptions, useIsMutating, useQuery } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import { liveQuery } from "../../../lib/live-reads";
import type { Usage } from "../../../lib/quota";
import { useSteadyQuery } from "../../../lib/steady-query";
import { deleteCustomerKey } from "./delete-customer";

export const getCustomerUsage = (bearer: string, customerId: string, signal?: AbortSignal) =>
  apiRequest<Usage>(`/v1/customers/${encodeURIComponent(customerId)}/usage`, bearer, { signal });

export const customerUsageQueryOptions = (bearer: string, customerId: string) =>
  queryOptions({
    queryKey: ["customers", customerId, "usage"],
    ...liveQuery(({ signal }) => getCustomerUsage(bearer, customerId, signal)),
    meta: { bearer: "admin" },
  });

/** Read every LIVE_REFRESH_MS, except while a customer is being deleted: this one's limits would answer 404 once it is gone. */
export function useCustomerUsage(customerId: string) {
  const deleting = useIsMutating({ mutationKey: deleteCustomerKey }) > 0;
  return useSteadyQuery(useQuery({ ...customerUsageQueryOptions(useAdminToken(), customerId), enabled: !deleting }));
}
