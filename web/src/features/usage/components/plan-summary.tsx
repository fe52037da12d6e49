// The customer's plan: its name and every limit that applies, overrides included.
import { formatLimit } from "../../../lib/format";
import { FIELD_LABELS } from "../../../lib/quota";
import type { Me } from "../api/get-me";

export function PlanSummary({ plan }: { plan: Me["plan"] }) {
  return (
    <dl className="plan-summary">
      {(["burst", "perMinute", "perHour", "perDay"] as const).map((field) => (
        <div key={field} className="plan-summary-item">
          <dt>{FIELD_LABELS[field]}</dt>
          <dd className={plan[field] === null ? "muted" : undefined}>{formatLimit(plan[field])}</dd>
        </div>
      ))}
      {plan.shadow ? (
        <div className="plan-summary-item">
          <dt>Mode</dt>
          <dd>Trial: nothing is denied</dd>
        </div>
      ) : null}
    </dl>
  );
}
