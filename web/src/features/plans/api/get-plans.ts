// GET /v1/plans: every plan, for the plans table and the plan pickers.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import type { Plan } from "../../../lib/domain";

export const getPlans = async (bearer: string, signal?: AbortSignal) =>
  (await apiRequest<{ plans: Plan[] }>("/v1/plans", bearer, { signal })).plans;

// Read again whenever a page that shows them opens, however fresh: a plan made a moment ago elsewhere (another
// admin, the API) must be there to pick, not "Create a plan first" until something else reads them.
export const plansQueryOptions = (bearer: string) =>
  queryOptions({
    queryKey: ["plans"],
    queryFn: ({ signal }) => getPlans(bearer, signal),
    meta: { bearer: "admin" },
    staleTime: 0,
  });

export const usePlans = () => useQuery(plansQueryOptions(useAdminToken()));
