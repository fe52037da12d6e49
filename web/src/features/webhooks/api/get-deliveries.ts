// GET /v1/webhooks/{id}/deliveries: an endpoint's latest deliveries, newest first, read again every few seconds
// while they are shown, so retries and their next tries show as they happen.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import type { Delivery } from "../../../lib/webhooks";
import { webhooksKey } from "./get-webhooks";

export type { Delivery, DeliveryStatus } from "../../../lib/webhooks";

export const DELIVERIES_LIMIT = 50;
export const DELIVERIES_REFRESH_MS = 3000;

export const deliveriesKey = (webhookId: string) => [...webhooksKey, webhookId, "deliveries"] as const;

export const getDeliveries = async (bearer: string, webhookId: string, signal?: AbortSignal) =>
  (
    await apiRequest<{ deliveries: Delivery[] }>(
      `/v1/webhooks/${encodeURIComponent(webhookId)}/deliveries?limit=${DELIVERIES_LIMIT}`,
      bearer,
      { signal },
    )
  ).deliveries;

export const deliveriesQueryOptions = (bearer: string, webhookId: string) =>
  queryOptions({
    queryKey: deliveriesKey(webhookId),
    queryFn: ({ signal }) => getDeliveries(bearer, webhookId, signal),
    meta: { bearer: "admin" },
    refetchInterval: DELIVERIES_REFRESH_MS,
    staleTime: 0,
  });

export const useDeliveries = (webhookId: string) => useQuery(deliveriesQueryOptions(useAdminToken(), webhookId));
