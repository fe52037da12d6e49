// The live chart: allowed and denied checks per minute for all customers or the one chosen.
import { useState } from "react";
import { HistoryChart } from "../../../components/quota/history-chart";
import { Alert } from "../../../components/ui/alert";
import { Field } from "../../../components/ui/field";
import { Panel } from "../../../components/ui/panel";
import { Loading } from "../../../components/ui/states";
import type { Customer } from "../../../lib/domain";
import { useCombinedHistory } from "../api/get-customer-history";

export function TrafficPanel({ customers }: { customers: Customer[] }) {
  const [chosen, setChosen] = useState("");
  const focus = customers.find((c) => c.id === chosen);
  const history = useCombinedHistory(focus ? [focus.id] : customers.map((c) => c.id));
  return (
    <Panel
      title="Checks per minute"
      description="Allowed and denied over the last hour."
      actions={
        <Field label="Customer">
          {(props) => (
            <select
              {...props}
              className="input input-compact"
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
            >
              <option value="">All customers</option>
              {customers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      }
    >
      {history.error ? (
        <Alert tone="error" title="The history could not be read.">
          {history.error.message}
        </Alert>
      ) : history.pending ? (
        <Loading label="Reading history…" />
      ) : (
        <HistoryChart points={history.points} label={focus ? `Checks of ${focus.name}` : "Checks of all customers"} />
      )}
    </Panel>
  );
}
