// The Customers page of the admin console: create a customer, search the list, and open one to change its settings,
// reset its counters, delete it, and make or revoke its keys.
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import { Panel } from "../../../components/ui/panel";
import { Empty, Loading } from "../../../components/ui/states";
import { usePlans } from "../../plans/api/get-plans";
import { useCustomers } from "../api/get-customers";
import { CustomerCreateForm } from "./customer-create-form";
import { CustomerDaily } from "./customer-daily";
import { CustomerKeys } from "./customer-keys";
import { CustomerSettingsForm } from "./customer-settings-form";
import { CustomersList } from "./customers-list";
import "./customers.css";

export function CustomersPage() {
  const customers = useCustomers();
  const plans = usePlans();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  // The control that opened the customer: Close and Escape give it the focus back.
  const opener = useRef<HTMLElement | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const deletedRef = useRef<HTMLDivElement>(null);
  const createRef = useRef<HTMLDivElement>(null);
  const selected = customers.data?.find((c) => c.id === selectedId);

  useEffect(() => {
    if (deleted) deletedRef.current?.focus();
  }, [deleted]);

  function open(id: string, from: Element | null = document.activeElement) {
    opener.current = from instanceof HTMLElement && from !== document.body ? from : null;
    setDeleted(null);
    setSelectedId(id);
  }

  function close() {
    setSelectedId(null);
    const back = opener.current;
    (back?.isConnected ? back : searchRef.current)?.focus();
  }

  /** Escape closes the customer, unless it was pressed in one of its dialogs (they sit outside, in <body>). */
  function closeOnEscape(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Escape" || !event.currentTarget.contains(event.target as Node)) return;
    event.preventDefault();
    close();
  }

  if (customers.isPending || plans.isPending) return <Loading label="Loading customers…" />;
  if (customers.isError || plans.isError) {
    return (
      <Alert tone="error" title="The customers could not be loaded.">
        {(customers.error ?? plans.error)?.message}
      </Alert>
    );
  }

  return (
    <>
      <PageHeader title="Customers" lede="Who calls your API, on which plan, and with which keys." />
      <Panel title="New customer">
        {plans.data.length === 0 ? (
          <Empty title="Create a plan first">
            <p>Every customer is on a plan.</p>
          </Empty>
        ) : (
          <div ref={createRef}>
            {/* Create customer opened it: its button was disabled while creating, so it is named, not read off focus. */}
            <CustomerCreateForm
              plans={plans.data}
              onCreated={(customer) =>
                open(customer.id, createRef.current?.querySelector("button[type=submit]") ?? null)
              }
            />
          </div>
        )}
      </Panel>

      {selected ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape from anywhere in the customer's panels closes it.
        <div className="stack customer-open" onKeyDown={closeOnEscape}>
          <div className="split">
            <Panel
              title={selected.name}
              description={<code>{selected.id}</code>}
              actions={
                <Button variant="ghost" onClick={close} aria-label={`Close ${selected.name}`}>
                  Close
                </Button>
              }
            >
              <CustomerSettingsForm
                key={selected.id}
                customer={selected}
                plans={plans.data}
                // It opens on Create or Manage: its first field takes the focus, where the admin goes on.
                focusOnMount
                onDeleted={() => {
                  setSelectedId(null);
                  setDeleted(selected.name);
                }}
              />
            </Panel>
            <Panel title="API keys" description="Keys are shown once, when made. Revoked keys stop working at once.">
              <CustomerKeys key={selected.id} customer={selected} />
            </Panel>
          </div>
          <Panel title="Daily usage" description={`Checks of ${selected.name} allowed and denied per UTC day.`}>
            <CustomerDaily key={selected.id} customer={selected} />
          </Panel>
        </div>
      ) : null}

      <Panel title="All customers">
        <div className="stack">
          {deleted ? (
            <div ref={deletedRef} tabIndex={-1}>
              <Alert tone="success" title={`Customer ${deleted} was deleted.`}>
                Its API keys went with it.
              </Alert>
            </div>
          ) : null}
          {customers.data.length === 0 ? (
            <Empty title="No customers yet">
              <p>Create one above, then make it an API key.</p>
            </Empty>
          ) : (
            <CustomersList
              customers={customers.data}
              plans={plans.data}
              selectedId={selectedId}
              onSelect={open}
              searchRef={searchRef}
            />
          )}
        </div>
      </Panel>
    </>
  );
}
