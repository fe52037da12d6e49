// The store status the console's dot and banner show: /readyz, and while the counter store is down the names of the
// plans that limit locally, asked for only then (while all is well the status costs no request for plans).
import { useQuery } from "@tanstack/react-query";
import { type StatusWords, statusWords } from "../components/ui/status-words";
import { plansQueryOptions } from "../features/plans/api/get-plans";
import type { Plan } from "../lib/domain";
import { useAdminToken } from "./admin-session";
import { useReadiness } from "./readiness";

const localPlanNames = (plans: Plan[]) => plans.filter((plan) => plan.failMode === "local").map((plan) => plan.name);

export function useStoreStatus(): StatusWords {
  const readiness = useReadiness();
  const counterDown = readiness?.kind === "stores-down" && readiness.counterStore === "down";
  // Shares the plans page's query: plans the admin has just listed are named at once, and read again if stale.
  const localPlans = useQuery({ ...plansQueryOptions(useAdminToken()), enabled: counterDown, select: localPlanNames });
  return statusWords(readiness, localPlans.data);
}
