// The customers table, newest first, a page at a time, with a search the server answers as the admin types.
import { type RefObject, useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Empty, Loading } from "../../../components/ui/states";
import type { Customer, Plan } from "../../../lib/domain";
import { formatCount } from "../../../lib/format";
import { useDebounced } from "../../live/components/use-debounced";
import { useCustomerPages } from "../api/get-customers";
import { CustomersTable } from "./customers-table";

type Props = {
  plans: Plan[];
  selectedId: string | null;
  onSelect: (customer: Customer) => void;
  searchRef: RefObject<HTMLInputElement | null>;
};

// Long enough that a word typed at speed is one request, short enough to feel immediate.
const SEARCH_PAUSE_MS = 250;

const counted = (n: number) => `${formatCount(n)} ${n === 1 ? "customer" : "customers"}`;

/** What the rows are: how many, of which search, and whether the server holds more. */
function summary(shown: number, q: string, more: boolean): string {
  const which = q === "" ? counted(shown) : `${counted(shown)} found by “${q}”`;
  return `${which}, newest first${more ? "; there are more" : ""}`;
}

export function CustomersList({ plans, selectedId, onSelect, searchRef }: Props) {
  const [query, setQuery] = useState("");
  const q = useDebounced(query.trim(), SEARCH_PAUSE_MS);
  const pages = useCustomerPages(q);
  const customers = pages.data?.pages.flatMap((page) => page.customers) ?? [];
  // The rows on screen are still the last search's until the new one answers.
  const searching = pages.isPlaceholderData || q !== query.trim();
  const tableRef = useRef<HTMLDivElement>(null);
  // After "Show more", the first new row's button takes the focus once it is there: the one pressed may be gone.
  const [firstNew, setFirstNew] = useState<number | null>(null);
  useEffect(() => {
    const button = tableRef.current?.querySelectorAll("tbody tr")[firstNew ?? -1]?.querySelector("button");
    if (!button) return;
    button.focus();
    setFirstNew(null);
  });

  function results() {
    if (pages.isPending) return <Loading label="Loading customers…" />;
    if (pages.isError) {
      return (
        <Alert tone="error" title="The customers could not be loaded.">
          {pages.error.message}
        </Alert>
      );
    }
    if (customers.length === 0) {
      return q === "" ? (
        <Empty title="No customers yet">
          <p>Create one above, then make it an API key.</p>
        </Empty>
      ) : (
        <Empty title="No customer matches">
          <p>No id, and no name from one of its words on, starts with “{q}”. Try fewer letters.</p>
        </Empty>
      );
    }
    return (
      <>
        <p className="muted" role="status">
          {searching ? "Searching…" : summary(customers.length, q, pages.hasNextPage)}
        </p>
        <div ref={tableRef} aria-busy={searching}>
          <CustomersTable customers={customers} plans={plans} selectedId={selectedId} onSelect={onSelect} />
        </div>
        {pages.hasNextPage ? (
          <div className="row">
            <Button
              disabled={pages.isFetchingNextPage}
              onClick={() => {
                setFirstNew(customers.length);
                void pages.fetchNextPage();
              }}
            >
              {pages.isFetchingNextPage ? "Loading…" : "Show more"}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="stack">
      <div className="customers-search">
        <Field label="Search customers" hint="By the start of the id, or of the name or any word of it.">
          {(props) => (
            <input
              {...props}
              ref={searchRef}
              type="search"
              className="input"
              autoComplete="off"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          )}
        </Field>
      </div>
      {results()}
    </div>
  );
}
