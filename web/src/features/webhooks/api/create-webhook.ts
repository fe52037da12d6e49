// POST /v1/webhooks: a new endpoint, whose signing secret the API returns this once only.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import type { NewWebhook, WebhookInput } from "../../../lib/webhooks";
import { webhooksKey } from "./get-webhooks";

export type { NewWebhook } from "../../../lib/webhooks";

export const createWebhook = (bearer: string, input: WebhookInput) =>
  apiRequest<NewWebhook>("/v1/webhooks", bearer, { method: "POST", body: input });

export function useCreateWebhook() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookInput) => createWebhook(bearer, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
