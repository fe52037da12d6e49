// POST /v1/webhooks/{id}/test: sends the endpoint a webhook.test event, which shows among its deliveries.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import { deliveriesKey } from "./get-deliveries";

/** The test event added: its id is the webhook-id header the endpoint receives. */
export type TestEvent = { eventId: string };

export const sendTest = (bearer: string, webhookId: string) =>
  apiRequest<TestEvent>(`/v1/webhooks/${encodeURIComponent(webhookId)}/test`, bearer, { method: "POST" });

export function useSendTest() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => sendTest(bearer, webhookId),
    onSuccess: (_answer, webhookId) => queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) }),
  });
}
