// The customer's plan: its name and every limit that applies, overrides included and marked as custom, its resources'
// limits, and what its checks do when the service's counter store is down.
import { LIMIT_KINDS } from "../../../lib/domain";
import { formatLimit } from "../../../lib/format";
import { burstText } from "../../../lib/plan-burst";
import { resourceLimitsText } from "../../../lib/quota";
import type { Me } from "../api/get-me";

/** "a", "a and b", "a, b and c". */
const listed = (words: string[]) =>
  words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;

/** The panel's title: the plan's name, and what of it is this customer's own ("Pro plan, with custom limits"). */
export function planTitle({ plan, overrides }: Pick<Me, "plan" | "overrides">): string {
  const limits =
    LIMIT_KINDS.some(({ field }) => overrides?.[field] !== undefined) ||
    Object.values(overrides?.resources ?? {}).some((resource) => Object.keys(resource).length > 0);
  const custom = [
    ...(limits ? ["limits"] : []),
    ...(overrides?.failMode !== undefined ? ["fail mode"] : []),
    ...(overrides?.shadow !== undefined ? ["shadow mode"] : []),
  ];
  return custom.length > 0 ? `${plan.name} plan, with custom ${listed(custom)}` : `${plan.name} plan`;
}

const CUSTOM = " (custom)";
const NO_LIMIT = formatLimit(null);

/** What checks do while the counter store does not answer, by the plan's fail mode (contract section 5). */
const FAIL_MODE_WORDS: Record<Me["plan"]["failMode"], string> = {
  open: "Checks are allowed",
  closed: "Checks are refused",
  local: "Each server keeps limiting on its share of what is left",
};

export function PlanSummary({ plan, overrides }: Pick<Me, "plan" | "overrides">) {
  return (
    <dl className="plan-summary">
      {LIMIT_KINDS.map(({ field, label }) => {
        const text = field === "burst" ? burstText(plan) : formatLimit(plan[field]);
        return (
          <div key={field} className="plan-summary-item">
            <dt>{label}</dt>
            <dd className={text === NO_LIMIT ? "muted" : undefined}>
              {text}
              {overrides?.[field] !== undefined ? CUSTOM : null}
            </dd>
          </div>
        );
      })}
      {Object.entries(plan.resources).map(([name, limits]) => (
        <div key={name} className="plan-summary-item plan-summary-resource">
          <dt>
            <code>{name}</code>
          </dt>
          <dd>
            {resourceLimitsText(limits)}
            {Object.keys(overrides?.resources?.[name] ?? {}).length > 0 ? CUSTOM : null}
          </dd>
        </div>
      ))}
      <div className="plan-summary-item">
        <dt>When limits cannot be counted</dt>
        <dd>
          {FAIL_MODE_WORDS[plan.failMode]}
          {overrides?.failMode !== undefined ? CUSTOM : null}
        </dd>
      </div>
      {plan.shadow ? (
        <div className="plan-summary-item">
          <dt>Mode</dt>
          <dd>
            Trial: nothing is denied
            {overrides?.shadow !== undefined ? CUSTOM : null}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
