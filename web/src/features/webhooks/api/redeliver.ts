// POST /v1/webhooks/{id}/deliveries/{deliveryId}/redeliver: sends a delivery's event again, with the same event id.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import { deliveriesKey } from "./get-deliveries";

export type Redelivery = { webhookId: string; deliveryId: string };

export const redeliver = (bearer: string, { webhookId, deliveryId }: Redelivery) =>
  apiRequest<unknown>(
    `/v1/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
    bearer,
    { method: "POST" },
  );

export function useRedeliver() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (redelivery: Redelivery) => redeliver(bearer, redelivery),
    onSuccess: (_answer, { webhookId }) => queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) }),
  });
}
