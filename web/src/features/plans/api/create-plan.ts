// POST /v1/plans: a new plan, at version 1.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import type { Plan, PlanCreate } from "../../../lib/domain";

export const createPlan = (bearer: string, plan: PlanCreate) =>
  apiRequest<Plan>("/v1/plans", bearer, { method: "POST", body: plan });

export function useCreatePlan() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: PlanCreate) => createPlan(bearer, plan),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["plans"] }),
  });
}
