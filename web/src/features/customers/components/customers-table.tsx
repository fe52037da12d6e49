// Customers with their plan, billing day and overrides, and the button that opens its settings and keys.
import { Button } from "../../../components/ui/button";
import { TableScroll } from "../../../components/ui/table-scroll";
import type { Customer, Plan } from "../../../lib/domain";
import { formatDateTime } from "../../../lib/format";
import { overridesText } from "./overrides-text";

type Props = {
  customers: Customer[];
  plans: Plan[];
  selectedId: string | null;
  onSelect: (customer: Customer) => void;
};

export function CustomersTable({ customers, plans, selectedId, onSelect }: Props) {
  const planName = (id: string) => plans.find((p) => p.id === id)?.name ?? id;
  return (
    <TableScroll label="Customers table">
      <table className="table" aria-label="Customers">
        <thead>
          <tr>
            <th scope="col">Customer</th>
            <th scope="col">Plan</th>
            <th scope="col">Billing day</th>
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
              <td className={customer.billingDay === null ? "muted" : undefined}>
                {customer.billingDay ?? "Calendar month"}
              </td>
              <td className={customer.overrides ? undefined : "muted"}>{overridesText(customer.overrides)}</td>
              <td>{formatDateTime(customer.createdAt)}</td>
              <td className="actions">
                <Button variant="ghost" onClick={() => onSelect(customer)} aria-label={`Manage ${customer.name}`}>
                  Manage
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
