// One customer on the Live page, compact enough for a thousand: who, its plan, its last hour, the limits that deny
// it now, and each limit's bar.
import { formatCount } from "../../../lib/format";
import { entryLabel } from "../../../lib/quota";
import type { LiveCustomer } from "../api/get-live-usage";
import { LimitMeter } from "./limit-meter";

export function CustomerRow({ customer }: { customer: LiveCustomer }) {
  const denying = new Set(customer.denying);
  const custom = new Set(customer.overridden);
  return (
    <article className="live-row" aria-label={`Usage of ${customer.name}`}>
      <div className="live-row-who">
        <h3 className="live-row-name">{customer.name}</h3>
        <p className="live-row-meta">
          Plan <code>{customer.planId}</code>
        </p>
        <p className="live-row-meta">
          Last hour: {formatCount(customer.allowed)} allowed, {formatCount(customer.denied)} denied
        </p>
        {customer.denying.length > 0 ? (
          <p className="live-row-denied">Denied now by {customer.denying.map(entryLabel).join(", ")}</p>
        ) : null}
      </div>
      <ul className="live-row-limits" aria-label={`Limits of ${customer.name}`}>
        {customer.limits.map((entry) => (
          <LimitMeter
            key={entry.name}
            entry={entry}
            custom={custom.has(entry.name)}
            denying={denying.has(entry.name)}
          />
        ))}
      </ul>
    </article>
  );
}
