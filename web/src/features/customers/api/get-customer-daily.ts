// GET /v1/customers/{id}/usage/daily: a customer's allowed and denied checks per UTC day, last 90 days.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import { DAILY_DAYS, DAILY_REFRESH_MS, type Daily } from "../../../lib/quota";

export const getCustomerDaily = (bearer: string, customerId: string, signal?: AbortSignal) =>
  apiRequest<Daily>(`/v1/customers/${encodeURIComponent(customerId)}/usage/daily?days=${DAILY_DAYS}`, bearer, {
    signal,
  });

export const customerDailyQueryOptions = (bearer: string, customerId: string) =>
  queryOptions({
    queryKey: ["customers", customerId, "daily"],
    queryFn: ({ signal }) => getCustomerDaily(bearer, customerId, signal),
    meta: { bearer: "admin" },
    refetchInterval: DAILY_REFRESH_MS,
  });

export const useCustomerDaily = (customerId: string) =>
  useQuery(customerDailyQueryOptions(useAdminToken(), customerId));
