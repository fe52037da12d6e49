// The live chart: allowed and denied checks per minute of every customer the search matches, added up by the API in
// the same answer as the list, so that the chart costs no request of its own.
import { HistoryChart } from "../../../components/quota/history-chart";
import { Panel } from "../../../components/ui/panel";
import type { History } from "../../../lib/quota";

export function TrafficPanel({ traffic, q }: { traffic: History; q: string }) {
  const label = q ? `Checks of customers matching “${q}”` : "Checks of all customers";
  return (
    <Panel title="Checks per minute" description="Allowed and denied over the last hour.">
      <HistoryChart points={traffic.points} label={label} />
    </Panel>
  );
}
