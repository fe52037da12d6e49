// Every plan with its limits, fail mode and shadow flag, and the actions on each.

import { Button } from "../../../components/ui/button";
import type { Plan } from "../../../lib/domain";
import { formatLimit } from "../../../lib/format";
import { DeletePlanButton } from "./delete-plan-button";

export function PlansTable({ plans, onEdit }: { plans: Plan[]; onEdit: (plan: Plan) => void }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Plan</th>
            <th scope="col" className="num">
              Burst
            </th>
            <th scope="col" className="num">
              Per minute
            </th>
            <th scope="col" className="num">
              Per hour
            </th>
            <th scope="col" className="num">
              Per day
            </th>
            <th scope="col">Fail mode</th>
            <th scope="col">Shadow</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {plans.map((plan) => (
            <tr key={plan.id}>
              <th scope="row">
                <span className="cell-title">{plan.name}</span>
                <code className="cell-sub">{plan.id}</code>
              </th>
              {(["burst", "perMinute", "perHour", "perDay"] as const).map((field) => (
                <td key={field} className={plan[field] === null ? "num muted" : "num"}>
                  {formatLimit(plan[field])}
                </td>
              ))}
              <td>
                <span className={`badge badge-${plan.failMode}`}>{plan.failMode === "open" ? "Open" : "Closed"}</span>
              </td>
              <td>
                {plan.shadow ? <span className="badge badge-shadow">Shadow</span> : <span className="muted">No</span>}
              </td>
              <td className="actions">
                <Button variant="ghost" onClick={() => onEdit(plan)} aria-label={`Edit ${plan.name}`}>
                  Edit
                </Button>
                <DeletePlanButton plan={plan} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
