// The Customers page of the admin console: create a customer, search the list, and open one to change its settings,
// reset its counters, delete it, make or revoke its keys, and see its limits now and its days.
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useAdminToken } from "../../../app/admin-session";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import { Panel } from "../../../components/ui/panel";
import { Empty, Loading } from "../../../components/ui/states";
import { alertsText } from "../../../lib/alerts";
import { type Customer, effectiveAlerts } from "../../../lib/domain";
import { LIVE_REFRESH_WORDS } from "../../../lib/quota";
import { usePlans } from "../../plans/api/get-plans";
import { customerQueryOptions } from "../api/get-customer";
import { CustomerCreateForm } from "./customer-create-form";
import { CustomerDaily } from "./customer-daily";
import { CustomerKeys } from "./customer-keys";
import { CustomerLimits } from "./customer-limits";
import { CustomerSettingsForm } from "./customer-settings-form";
import { CustomersList } from "./customers-list";
import "./customers.css";

/** What opened a customer made by the New customer form: its Create button, drawn again once the customer closes. */
const CREATE = Symbol("create");

export function CustomersPage() {
  const plans = usePlans();
  // The customer as it was when opened (its row, or the answer to Create) until its own read answers: it may be on
  // no page read, so it is read by id, and again after each change.
  const [opened, setOpened] = useState<Customer | null>(null);
  const current = useQuery({
    ...customerQueryOptions(useAdminToken(), opened?.id ?? ""),
    enabled: opened !== null,
    placeholderData: opened ?? undefined,
  });
  const selected = opened && (current.data ?? opened);
  const selectedPlan = selected ? plans.data?.find((p) => p.id === selected.planId) : undefined;
  const [deleted, setDeleted] = useState<string | null>(null);
  // The control that opened the customer: Close and Escape give it the focus back.
  const opener = useRef<HTMLElement | typeof CREATE | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const deletedRef = useRef<HTMLDivElement>(null);
  const createRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (deleted) deletedRef.current?.focus();
  }, [deleted]);

  function open(customer: Customer, from: Element | typeof CREATE | null = document.activeElement) {
    opener.current = from === CREATE || (from instanceof HTMLElement && from !== document.body) ? from : null;
    setDeleted(null);
    setOpened(customer);
  }

  // Opened by Create, the focus goes back to Create customer, which is drawn again only once the customer has closed.
  const [focusCreate, setFocusCreate] = useState(false);
  useEffect(() => {
    if (!focusCreate || opened) return;
    setFocusCreate(false);
    createRef.current?.querySelector<HTMLButtonElement>("button[type=submit]")?.focus();
  }, [focusCreate, opened]);

  function close() {
    setOpened(null);
    const back = opener.current;
    if (back === CREATE) setFocusCreate(true);
    else (back?.isConnected ? back : searchRef.current)?.focus();
  }

  /** Escape closes the customer, unless it was pressed in one of its dialogs (they sit outside, in <body>). */
  function closeOnEscape(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Escape" || !event.currentTarget.contains(event.target as Node)) return;
    event.preventDefault();
    close();
  }

  if (plans.isPending) return <Loading label="Loading customers…" />;
  if (plans.isError) {
    return (
      <Alert tone="error" title="The customers could not be loaded.">
        {plans.error.message}
      </Alert>
    );
  }

  return (
    <>
      <PageHeader title="Customers" lede="Who calls your API, on which plan, and with which keys." />
      {/* Not beside an open customer: its form has a Name, a Plan and a Billing day of its own, and each label finds
          one control (contract section 10). Close, or Escape, brings it back. */}
      {selected ? null : (
        <Panel title="New customer">
          {plans.data.length === 0 ? (
            <Empty title="Create a plan first">
              <p>Every customer is on a plan.</p>
            </Empty>
          ) : (
            <div ref={createRef}>
              <CustomerCreateForm plans={plans.data} onCreated={(customer) => open(customer, CREATE)} />
            </div>
          )}
        </Panel>
      )}

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
                  setOpened(null);
                  setDeleted(selected.name);
                }}
              />
            </Panel>
            <Panel title="API keys" description="Keys are shown once, when made. Revoked keys stop working at once.">
              <CustomerKeys key={selected.id} customer={selected} />
            </Panel>
          </div>
          <Panel
            title="Limits now"
            description={`Used of each limit of ${selected.name}, updated ${LIVE_REFRESH_WORDS}. Alerts: ${
              selectedPlan ? alertsText(effectiveAlerts(selectedPlan, selected.overrides)).toLowerCase() : "…"
            }.`}
          >
            <CustomerLimits key={selected.id} customer={selected} plan={selectedPlan} />
          </Panel>
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
          <CustomersList
            plans={plans.data}
            selectedId={selected?.id ?? null}
            onSelect={(customer) => open(customer)}
            searchRef={searchRef}
          />
        </div>
      </Panel>
    </>
  );
}
