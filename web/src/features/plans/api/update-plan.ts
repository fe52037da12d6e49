// PATCH /v1/plans/{id} with If-Match: a change to the version the admin read, refused with 412 if it is stale.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import type { Plan, PlanPatch } from "../../../lib/domain";

export type PlanUpdate = { id: string; version: number; patch: PlanPatch };

export const updatePlan = (bearer: string, { id, version, patch }: PlanUpdate) =>
  apiRequest<Plan>(`/v1/plans/${encodeURIComponent(id)}`, bearer, { method: "PATCH", body: patch, ifMatch: version });

export function useUpdatePlan() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PlanUpdate) => updatePlan(bearer, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["plans"] }),
  });
}
