// DELETE /v1/webhooks/{id}: no more events are sent to the endpoint.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { deliveriesKey } from "./get-deliveries";
import { webhooksKey } from "./get-webhooks";

export const deleteWebhook = (bearer: string, id: string) =>
  apiRequest<void>(`/v1/webhooks/${encodeURIComponent(id)}`, bearer, { method: "DELETE" });

export function useDeleteWebhook() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    // Its deliveries go with it: they are not read while it is deleted, nor after (each read would be a 404).
    mutationFn: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: deliveriesKey(id) });
      return deleteWebhook(bearer, id);
    },
    // Deleted, or found gone (another admin deleted it): either way the list is read again, without it.
    onSettled: (_, error, id) => {
      const gone = error instanceof ApiError && error.status === 404;
      if (!error || gone) queryClient.removeQueries({ queryKey: deliveriesKey(id) });
      return queryClient.invalidateQueries({ queryKey: webhooksKey, exact: true });
    },
  });
}
