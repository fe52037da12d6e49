// One customer's limits on the live page, read again every 2 seconds.
import { LimitBar } from "../../../components/quota/limit-bar";
import { Alert } from "../../../components/ui/alert";
import { Loading } from "../../../components/ui/states";
import type { Customer } from "../../../lib/domain";
import { useCustomerUsage } from "../api/get-customer-usage";

export function CustomerUsageCard({ customer, now }: { customer: Customer; now: number }) {
  const usage = useCustomerUsage(customer.id);
  return (
    <article className="usage-card" aria-label={`Usage of ${customer.name}`}>
      <header className="usage-card-head">
        <h3 className="usage-card-title">{customer.name}</h3>
        <p className="usage-card-plan">
          Plan <code>{customer.planId}</code>
        </p>
      </header>
      {usage.isPending ? (
        <Loading label="Reading usage…" />
      ) : usage.isError ? (
        <Alert tone="error" title="Usage could not be read.">
          {usage.error.message}
        </Alert>
      ) : (
        <div className="limits">
          {usage.data.limits.map((entry) => (
            <LimitBar key={entry.name} entry={entry} now={now} />
          ))}
        </div>
      )}
    </article>
  );
}
