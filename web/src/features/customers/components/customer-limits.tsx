// A customer's limits as they stand now, on its admin view: a bar for each, read every LIVE_REFRESH_MS, with the alert
// thresholds (its override, else its plan's) that each window's use has reached.
import { LimitBar } from "../../../components/quota/limit-bar";
import { useNowSeconds } from "../../../components/quota/use-now";
import { Alert } from "../../../components/ui/alert";
import { Loading } from "../../../components/ui/states";
import { thresholdsReached } from "../../../lib/alerts";
import { type Customer, effectiveAlerts, type Plan } from "../../../lib/domain";
import { useCustomerUsage } from "../api/get-customer-usage";

export function CustomerLimits({ customer, plan }: { customer: Customer; plan: Plan | undefined }) {
  const usage = useCustomerUsage(customer.id);
  const now = useNowSeconds();
  if (usage.isPending) return <Loading label="Reading usage…" />;
  if (usage.isError) {
    return (
      <Alert tone="error" title="The usage could not be read.">
        {usage.error.message}
      </Alert>
    );
  }
  const alerts = plan ? effectiveAlerts(plan, customer.overrides) : [];
  return (
    <div className="limits">
      {usage.data.limits.map((entry) => (
        <LimitBar key={entry.name} entry={entry} now={now} reached={thresholdsReached(entry, alerts)} />
      ))}
    </div>
  );
}
