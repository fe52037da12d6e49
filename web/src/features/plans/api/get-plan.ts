// GET /v1/plans/{id}: one plan as it stands now, to reload a form after someone else changed the plan.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import type { Plan } from "../../../lib/domain";

export const getPlan = (bearer: string, id: string, signal?: AbortSignal) =>
  apiRequest<Plan>(`/v1/plans/${encodeURIComponent(id)}`, bearer, { signal });

export const planQueryOptions = (bearer: string, id: string) =>
  queryOptions({
    queryKey: ["plans", id],
    queryFn: ({ signal }) => getPlan(bearer, id, signal),
    meta: { bearer: "admin" },
    staleTime: 0,
  });
