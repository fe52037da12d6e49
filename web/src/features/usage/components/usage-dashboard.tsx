// What a customer sees for a valid key: plan, a bar per limit with a countdown to its reset, and the last hour.
import { useEffect } from "react";
import { HistoryChart } from "../../../components/quota/history-chart";
import { LimitBar } from "../../../components/quota/limit-bar";
import { useNowSeconds } from "../../../components/quota/use-now";
import { Alert } from "../../../components/ui/alert";
import { Panel } from "../../../components/ui/panel";
import { Loading } from "../../../components/ui/states";
import { useMe } from "../api/get-me";
import { useMyHistory } from "../api/get-my-history";
import { useMyUsage } from "../api/get-my-usage";
import { keyProblem } from "./key-messages";
import { PlanSummary } from "./plan-summary";

type Props = { apiKey: string; onKeyRefused: (message: string) => void };

export function UsageDashboard({ apiKey, onKeyRefused }: Props) {
  const me = useMe(apiKey);
  const usage = useMyUsage(apiKey);
  const history = useMyHistory(apiKey);
  const now = useNowSeconds();

  // A key revoked while the page is open is refused on the next read: drop it and say so.
  const error = me.error ?? usage.error ?? history.error;
  useEffect(() => {
    if (!error) return;
    const problem = keyProblem(error);
    if (problem.keyRefused) onKeyRefused(problem.message);
  }, [error, onKeyRefused]);

  return (
    <div className="stack">
      <Panel
        title={me.data ? `${me.data.plan.name} plan` : "Your plan"}
        description={me.data ? <>For {me.data.name}</> : null}
      >
        {me.isPending ? (
          <Loading label="Loading your plan…" />
        ) : me.isError ? (
          <Alert tone="error" title="Your plan could not be loaded.">
            {keyProblem(me.error).message}
          </Alert>
        ) : (
          <PlanSummary plan={me.data.plan} />
        )}
      </Panel>

      <Panel title="Your limits" description="Used of each limit right now, updated every 2 seconds.">
        {usage.isPending ? (
          <Loading label="Reading your usage…" />
        ) : usage.isError ? (
          <Alert tone="error" title="Your usage could not be read.">
            {keyProblem(usage.error).message}
          </Alert>
        ) : (
          <div className="limits">
            {usage.data.limits.map((entry) => (
              <LimitBar key={entry.name} entry={entry} now={now} />
            ))}
          </div>
        )}
      </Panel>

      <Panel title="Last hour" description="Your requests per minute that were allowed and denied.">
        {history.isPending ? (
          <Loading label="Reading your history…" />
        ) : history.isError ? (
          <Alert tone="error" title="Your history could not be read.">
            {keyProblem(history.error).message}
          </Alert>
        ) : (
          <HistoryChart points={history.data.points} label="Your checks per minute" />
        )}
      </Panel>
    </div>
  );
}
