// The customers table, newest first, with a search by name or id; a long list shows a page at a time.
import { type RefObject, useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Empty } from "../../../components/ui/states";
import type { Customer, Plan } from "../../../lib/domain";
import { formatCount } from "../../../lib/format";
import { PAGE_SIZE, searchCustomers } from "./customer-search";
import { CustomersTable } from "./customers-table";

type Props = {
  customers: Customer[];
  plans: Plan[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  searchRef: RefObject<HTMLInputElement | null>;
};

const counted = (n: number) => `${formatCount(n)} ${n === 1 ? "customer" : "customers"}`;

export function CustomersList({ customers, plans, selectedId, onSelect, searchRef }: Props) {
  const [query, setQuery] = useState("");
  const [shown, setShown] = useState(PAGE_SIZE);
  // The API lists oldest first; the customers an admin just made are the ones they look for.
  const found = searchCustomers(customers, query).reverse();
  const page = found.slice(0, shown);
  const more = Math.min(PAGE_SIZE, found.length - page.length);
  const tableRef = useRef<HTMLDivElement>(null);
  // After "Show more", the first new row's button takes the focus: the one pressed may be gone.
  const [firstNew, setFirstNew] = useState<number | null>(null);
  useEffect(() => {
    if (firstNew === null) return;
    tableRef.current?.querySelectorAll("tbody tr")[firstNew]?.querySelector("button")?.focus();
    setFirstNew(null);
  }, [firstNew]);

  return (
    <div className="stack">
      <div className="customers-search">
        <Field label="Search customers" hint="By name or id.">
          {(props) => (
            <input
              {...props}
              ref={searchRef}
              type="search"
              className="input"
              autoComplete="off"
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setShown(PAGE_SIZE);
              }}
            />
          )}
        </Field>
      </div>
      <p className="muted" role="status">
        {found.length === customers.length
          ? `${counted(customers.length)}, newest first`
          : `${formatCount(found.length)} of ${counted(customers.length)} match, newest first`}
        {page.length < found.length ? `, the first ${formatCount(page.length)} shown` : ""}
      </p>
      {found.length === 0 ? (
        <Empty title="No customer matches">
          <p>No name or id contains “{query.trim()}”. Try fewer letters.</p>
        </Empty>
      ) : (
        <div ref={tableRef}>
          <CustomersTable customers={page} plans={plans} selectedId={selectedId} onSelect={onSelect} />
        </div>
      )}
      {more > 0 ? (
        <div className="row">
          <Button
            onClick={() => {
              setFirstNew(page.length);
              setShown(page.length + PAGE_SIZE);
            }}
          >
            Show {formatCount(more)} more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
