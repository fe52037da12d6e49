// The Customers page of the admin console: create a customer, and manage one's plan, overrides and keys.
import { useState } from "react";
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
import { CustomersTable } from "./customers-table";

export function CustomersPage() {
  const customers = useCustomers();
  const plans = usePlans();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = customers.data?.find((c) => c.id === selectedId);

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
          <CustomerCreateForm plans={plans.data} onCreated={(customer) => setSelectedId(customer.id)} />
        )}
      </Panel>

      {selected ? (
        <div className="split">
          <Panel
            title={selected.name}
            description={<code>{selected.id}</code>}
            actions={
              <Button variant="ghost" onClick={() => setSelectedId(null)}>
                Close
              </Button>
            }
          >
            <CustomerSettingsForm
              key={selected.id}
              customer={selected}
              plans={plans.data}
              onDeleted={() => setSelectedId(null)}
            />
          </Panel>
          <Panel title="API keys" description="Keys are shown once, when made. Revoked keys stop working at once.">
            <CustomerKeys key={selected.id} customer={selected} />
          </Panel>
        </div>
      ) : null}
      {selected ? (
        <Panel title="Daily usage" description={`Checks of ${selected.name} allowed and denied per UTC day.`}>
          <CustomerDaily key={selected.id} customer={selected} />
        </Panel>
      ) : null}

      <Panel title="All customers">
        {customers.data.length === 0 ? (
          <Empty title="No customers yet">
            <p>Create one above, then make it an API key.</p>
          </Empty>
        ) : (
          <CustomersTable
            customers={customers.data}
            plans={plans.data}
            selectedId={selectedId}
            onSelect={setSelectedId}
          />
        )}
      </Panel>
    </>
  );
}
