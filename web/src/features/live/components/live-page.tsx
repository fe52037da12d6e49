// The Live page of the admin console: every customer's remaining quota per limit, searched and sorted, the most
// denied, and checks per minute, all from one request every LIVE_REFRESH_MS however many customers there are.
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import { Panel } from "../../../components/ui/panel";
import { Empty, Loading } from "../../../components/ui/states";
import { formatCount } from "../../../lib/format";
import { LIVE_REFRESH_WORDS } from "../../../lib/quota";
import { type LiveSort, useLiveUsage } from "../api/get-live-usage";
import { CustomerRow } from "./customer-row";
import { LiveControls } from "./live-controls";
import { ThrottledPanel } from "./throttled-panel";
import { TrafficPanel } from "./traffic-panel";
import { useDebounced } from "./use-debounced";
import "./live.css";

/** Rows asked for at first and added by each "Show more"; the API returns at most MAX_ROWS. */
const PAGE = 50;
const MAX_ROWS = 500;

export function LivePage() {
  const [typed, setTyped] = useState("");
  const [sort, setSort] = useState<LiveSort>("nearest");
  const [limit, setLimit] = useState(PAGE);
  const q = useDebounced(typed.trim(), 300);
  const live = useLiveUsage({ q, sort, limit });

  // A new search or order starts again from the first page.
  const search = (text: string) => {
    setTyped(text);
    setLimit(PAGE);
  };
  const order = (next: LiveSort) => {
    setSort(next);
    setLimit(PAGE);
  };

  return (
    <>
      <PageHeader
        title="Live"
        lede={
          <>
            <span className="live-dot" aria-hidden="true" /> Remaining quota per limit, refreshed {LIVE_REFRESH_WORDS}.
          </>
        }
      />
      {live.isPending ? (
        <Loading label="Reading usage…" />
      ) : live.isError ? (
        <Alert tone="error" title="Usage could not be read.">
          {live.error.message}
        </Alert>
      ) : live.data.total === 0 && !q && !typed ? (
        <Panel title="Customers">
          <Empty title="No customers yet">
            <p>
              Usage shows here once a customer exists. <Link to="/customers">Create a customer</Link>.
            </p>
          </Empty>
        </Panel>
      ) : (
        <>
          <LiveControls q={typed} sort={sort} onSearch={search} onSort={order} />
          <div className="live-overview">
            <TrafficPanel traffic={live.data.traffic} q={q} />
            <ThrottledPanel throttled={live.data.topThrottled} />
          </div>
          <Panel
            title="Remaining quota"
            description="Each limit's bar shows what the customer has used of it; custom marks a limit set by the customer's overrides."
          >
            <p className="live-count" role="status">
              {live.data.total === 0
                ? `No customer matches “${q}”.`
                : `Showing ${formatCount(live.data.customers.length)} of ${formatCount(live.data.total)} customers.`}
            </p>
            <ul className="live-rows">
              {live.data.customers.map((customer) => (
                <li key={customer.customerId}>
                  <CustomerRow customer={customer} />
                </li>
              ))}
            </ul>
            {live.data.customers.length < live.data.total ? (
              limit < MAX_ROWS ? (
                <Button className="live-more" onClick={() => setLimit((n) => Math.min(MAX_ROWS, n + PAGE))}>
                  Show more
                </Button>
              ) : (
                <p className="live-count">Search to find the others: at most {MAX_ROWS} are shown at once.</p>
              )
            ) : null}
          </Panel>
        </>
      )}
    </>
  );
}
