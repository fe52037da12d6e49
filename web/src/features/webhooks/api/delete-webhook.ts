// DELETE /v1/webhooks/{id}: no more events are sent to the endpoint.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import { webhooksKey } from "./get-webhooks";

export const deleteWebhook = (bearer: string, id: string) =>
  apiRequest<void>(`/v1/webhooks/${encodeURIComponent(id)}`, bearer, { method: "DELETE" });

export function useDeleteWebhook() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteWebhook(bearer, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
