// Every customer with its plan and overrides, and the button that opens its settings and keys.
import { Button } from "../../../components/ui/button";
import { type Customer, LIMIT_FIELDS, type Plan } from "../../../lib/domain";
import { formatDateTime, formatLimit } from "../../../lib/format";
import { FIELD_LABELS } from "../../../lib/quota";

type Props = { customers: Customer[]; plans: Plan[]; selectedId: string | null; onSelect: (id: string) => void };

function overridesText(overrides: Customer["overrides"]): string {
  const parts = LIMIT_FIELDS.filter((f) => overrides?.[f] !== undefined).map(
    (f) => `${FIELD_LABELS[f]} ${formatLimit(overrides?.[f])}`,
  );
  return parts.length > 0 ? parts.join(", ") : "None";
}

export function CustomersTable({ customers, plans, selectedId, onSelect }: Props) {
  const planName = (id: string) => plans.find((p) => p.id === id)?.name ?? id;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Customer</th>
            <th scope="col">Plan</th>
            <th scope="col">Overrides</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {customers.map((customer) => (
            <tr
              key={customer.id}
              aria-selected={customer.id === selectedId}
              className={customer.id === selectedId ? "selected" : undefined}
            >
              <th scope="row">
                <span className="cell-title">{customer.name}</span>
                <code className="cell-sub">{customer.id}</code>
              </th>
              <td>{planName(customer.planId)}</td>
              <td className={customer.overrides ? undefined : "muted"}>{overridesText(customer.overrides)}</td>
              <td>{formatDateTime(customer.createdAt)}</td>
              <td className="actions">
                <Button variant="ghost" onClick={() => onSelect(customer.id)} aria-label={`Manage ${customer.name}`}>
                  Manage
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
