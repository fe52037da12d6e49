// Every plan with its limits of every kind, its resources, fail mode and shadow flag, and the actions on each.
import { Button } from "../../../components/ui/button";
import { TableScroll } from "../../../components/ui/table-scroll";
import { LIMIT_KINDS, type Plan } from "../../../lib/domain";
import { formatLimit } from "../../../lib/format";
import { resourceLimitsText } from "../../../lib/quota";
import { DeletePlanButton } from "./delete-plan-button";

export function PlansTable({ plans, onEdit }: { plans: Plan[]; onEdit: (plan: Plan) => void }) {
  return (
    <TableScroll label="Plans table">
      <table className="table" aria-label="Plans">
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
              {LIMIT_KINDS.map(({ field }) => (
                <td key={field} className={plan[field] === null ? "num muted" : "num"}>
                  {formatLimit(plan[field])}
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
    </TableScroll>
  );
}
