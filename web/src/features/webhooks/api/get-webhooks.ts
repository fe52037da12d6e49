// GET /v1/webhooks: every endpoint events are sent to, without their secrets.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import type { Webhook, WebhookEvent } from "../../../lib/webhooks";

export type { Webhook } from "../../../lib/webhooks";

/** The events an endpoint can take; the console offers the one there is. */
export const WEBHOOK_EVENTS: readonly WebhookEvent[] = ["usage.threshold"];

export const webhooksKey = ["webhooks"] as const;

export const getWebhooks = async (bearer: string, signal?: AbortSignal) =>
  (await apiRequest<{ webhooks: Webhook[] }>("/v1/webhooks", bearer, { signal })).webhooks;

export const webhooksQueryOptions = (bearer: string) =>
  queryOptions({
    queryKey: webhooksKey,
    queryFn: ({ signal }) => getWebhooks(bearer, signal),
    meta: { bearer: "admin" },
  });

export const useWebhooks = () => useQuery(webhooksQueryOptions(useAdminToken()));
