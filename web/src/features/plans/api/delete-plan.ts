// DELETE /v1/plans/{id}: refused with 409 while customers are on the plan, 412 when it changed since it was read.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";

export const deletePlan = (bearer: string, id: string, version: number) =>
  apiRequest<void>(`/v1/plans/${encodeURIComponent(id)}`, bearer, { method: "DELETE", ifMatch: version });

export function useDeletePlan() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => deletePlan(bearer, id, version),
    // Refused too: a 412 means the plan changed since the list was read, and a delete sent again with the version
    // the list held would be refused for ever.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["plans"] }),
  });
}
