// POST /v1/webhooks/{id}/test: sends the endpoint a webhook.test event, which shows among its deliveries.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { ApiError, apiRequest } from "../../../lib/api-client";
import type { TestEvent } from "../../../lib/webhooks";
import { deliveriesKey } from "./get-deliveries";
import { webhooksKey } from "./get-webhooks";

export const sendTest = (bearer: string, webhookId: string) =>
  apiRequest<TestEvent>(`/v1/webhooks/${encodeURIComponent(webhookId)}/test`, bearer, { method: "POST" });

export function useSendTest() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => sendTest(bearer, webhookId),
    onSuccess: (_answer, webhookId) => queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) }),
    // The endpoint is gone (another admin deleted it): the list is read again, without it.
    onError: (error) =>
      error instanceof ApiError && error.status === 404
        ? queryClient.invalidateQueries({ queryKey: webhooksKey, exact: true })
        : undefined,
  });
}
