// The Live page of the admin console: every customer's remaining quota per limit, and checks per minute.
import { Link } from "react-router";
import { useNowSeconds } from "../../../components/quota/use-now";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Panel } from "../../../components/ui/panel";
import { Empty, Loading } from "../../../components/ui/states";
import { useCustomers } from "../../customers/api/get-customers";
import { CustomerUsageCard } from "./customer-usage-card";
import { TrafficPanel } from "./traffic-panel";

export function LivePage() {
  // New customers appear without a reload too, if less often than the numbers move.
  const customers = useCustomers(10_000);
  const now = useNowSeconds();

  return (
    <>
      <PageHeader
        title="Live"
        lede={
          <>
            <span className="live-dot" aria-hidden="true" /> Remaining quota per limit, refreshed every 2 seconds.
          </>
        }
      />
      {customers.isPending ? (
        <Loading label="Loading customers…" />
      ) : customers.isError ? (
        <Alert tone="error" title="The customers could not be loaded.">
          {customers.error.message}
        </Alert>
      ) : customers.data.length === 0 ? (
        <Panel title="Customers">
          <Empty title="No customers yet">
            <p>
              Usage shows here once a customer exists. <Link to="/customers">Create a customer</Link>.
            </p>
          </Empty>
        </Panel>
      ) : (
        <>
          <TrafficPanel customers={customers.data} />
          <Panel title="Remaining quota" description="Bars show what each customer has used of each limit.">
            <div className="usage-grid">
              {customers.data.map((customer) => (
                <CustomerUsageCard key={customer.id} customer={customer} now={now} />
              ))}
            </div>
          </Panel>
        </>
      )}
    </>
  );
}
