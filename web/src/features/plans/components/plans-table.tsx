// Every plan with its limits of every kind, its alert thresholds, resources, fail mode, shadow flag and local share,
// and the actions on each.
import { failModeText } from "../../../components/quota/fail-mode-words";
import { Button } from "../../../components/ui/button";
import { TableScroll } from "../../../components/ui/table-scroll";
import { alertsText } from "../../../lib/alerts";
import { LIMIT_KINDS, type Plan } from "../../../lib/domain";
import { formatLimit } from "../../../lib/format";
import { localShareText } from "../../../lib/local-share";
import { burstText } from "../../../lib/plan-burst";
import { resourceLimitsText } from "../../../lib/quota";
import { DeletePlanButton } from "./delete-plan-button";
import "./plans.css";

type Props = { plans: Plan[]; onEdit: (plan: Plan) => void; onDeleted: (plan: Plan) => void };

export function PlansTable({ plans, onEdit, onDeleted }: Props) {
  return (
    <TableScroll label="Plans table">
      <table className="table plans-table" aria-label="Plans">
        <thead>
          <tr>
            <th scope="col">Plan</th>
            {LIMIT_KINDS.map((k) => (
              <th key={k.field} scope="col" className="num">
                {k.label}
              </th>
            ))}
            <th scope="col">Resources</th>
            <th scope="col">Fail mode</th>
            <th scope="col">Shadow</th>
            <th scope="col" className="num">
              Local share
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {plans.map((plan) => (
            <tr key={plan.id}>
              {/* Focusable from script only: the keyboard lands on a plan's row once it is saved. */}
              <th scope="row" tabIndex={-1} data-plan-row={plan.id} className="plan-row-focus">
                <span className="cell-title">{plan.name}</span>
                <code className="cell-sub">{plan.id}</code>
                {/* Under the name rather than in a twelfth column: the table just fits 1280 px as it is. */}
                {plan.alerts.length > 0 ? <span className="cell-sub">Alerts at {alertsText(plan.alerts)}</span> : null}
              </th>
              {LIMIT_KINDS.map(({ field }) => (
                <td key={field} className={plan[field] === null ? "num muted" : "num"}>
                  {field === "burst" ? burstText(plan) : formatLimit(plan[field])}
                </td>
              ))}
              <td>
                {Object.keys(plan.resources).length === 0 ? (
                  <span className="muted">None</span>
                ) : (
                  <ul className="cell-list">
                    {Object.entries(plan.resources).map(([name, limits]) => (
                      <li key={name}>
                        <code>{name}</code> <span className="cell-sub">{resourceLimitsText(limits)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td>
                <span className={`badge badge-${plan.failMode}`}>{failModeText(plan.failMode)}</span>
              </td>
              <td>
                {plan.shadow ? <span className="badge badge-shadow">Shadow</span> : <span className="muted">No</span>}
              </td>
              <td className={plan.localShare === null ? "num muted" : "num"}>{localShareText(plan.localShare)}</td>
              <td className="actions">
                <div className="plan-actions">
                  <Button
                    variant="ghost"
                    onClick={() => onEdit(plan)}
                    aria-label={`Edit ${plan.name}`}
                    data-plan-edit={plan.id}
                  >
                    Edit
                  </Button>
                  <DeletePlanButton plan={plan} onDeleted={onDeleted} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
