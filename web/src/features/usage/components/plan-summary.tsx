// The customer's plan: its name and every limit that applies, overrides included, and its resources' limits.
import { LIMIT_KINDS } from "../../../lib/domain";
import { formatLimit } from "../../../lib/format";
import { resourceLimitsText } from "../../../lib/quota";
import type { Me } from "../api/get-me";

export function PlanSummary({ plan }: { plan: Me["plan"] }) {
  return (
    <dl className="plan-summary">
      {LIMIT_KINDS.map(({ field, label }) => (
        <div key={field} className="plan-summary-item">
          <dt>{label}</dt>
          <dd className={plan[field] === null ? "muted" : undefined}>{formatLimit(plan[field])}</dd>
        </div>
      ))}
      {Object.entries(plan.resources).map(([name, limits]) => (
        <div key={name} className="plan-summary-item plan-summary-resource">
          <dt>
            <code>{name}</code>
          </dt>
          <dd>{resourceLimitsText(limits)}</dd>
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
