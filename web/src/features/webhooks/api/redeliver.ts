// POST /v1/webhooks/{id}/deliveries/{deliveryId}/redeliver: the delivery pending and due now, its event sent again
// with the same id.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import { type Delivery, deliveriesKey } from "./get-deliveries";

export type Redelivery = { webhookId: string; deliveryId: string };

export const redeliver = (bearer: string, { webhookId, deliveryId }: Redelivery) =>
  apiRequest<Delivery>(
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
