// What a customer sees for a valid key: plan, a bar per limit with a countdown to its reset, the last hour and the
// last 90 days.
import { useEffect } from "react";
import { DailyChart } from "../../../components/quota/daily-chart";
import { HistoryChart } from "../../../components/quota/history-chart";
import { LimitBar } from "../../../components/quota/limit-bar";
import { useNowSeconds } from "../../../components/quota/use-now";
import { Alert } from "../../../components/ui/alert";
import { Panel } from "../../../components/ui/panel";
import { Loading } from "../../../components/ui/states";
import { thresholdsReached } from "../../../lib/alerts";
import { LIVE_REFRESH_WORDS } from "../../../lib/quota";
import { useMe } from "../api/get-me";
import { useMyDaily } from "../api/get-my-daily";
import { useMyHistory } from "../api/get-my-history";
import { useMyUsage } from "../api/get-my-usage";
import { keyProblem } from "./key-messages";
import { PlanSummary, planTitle } from "./plan-summary";

type Props = { apiKey: string; onKeyRefused: (message: string) => void };

export function UsageDashboard({ apiKey, onKeyRefused }: Props) {
  const me = useMe(apiKey);
  const usage = useMyUsage(apiKey);
  const history = useMyHistory(apiKey);
  const daily = useMyDaily(apiKey);
  const now = useNowSeconds();

  // A key revoked while the page is open is refused on the next read: drop it and say so. The days are read
  // too seldom to notice first, and are left out so that a server without their route cannot drop a good key.
  const error = me.error ?? usage.error ?? history.error;
  useEffect(() => {
    if (!error) return;
    const problem = keyProblem(error);
    if (problem.keyRefused) onKeyRefused(problem.message);
  }, [error, onKeyRefused]);

  return (
    <div className="stack">
      <Panel title={me.data ? planTitle(me.data) : "Your plan"} description={me.data ? <>For {me.data.name}</> : null}>
        {me.isPending ? (
          <Loading label="Loading your plan…" />
        ) : me.isError ? (
          <Alert tone="error" title="Your plan could not be loaded.">
            {keyProblem(me.error).message}
          </Alert>
        ) : (
          <PlanSummary plan={me.data.plan} overrides={me.data.overrides} />
        )}
      </Panel>

      <Panel title="Your limits" description={`Used of each limit right now, updated ${LIVE_REFRESH_WORDS}.`}>
        {usage.isPending ? (
          <Loading label="Reading your usage…" />
        ) : usage.isError ? (
          <Alert tone="error" title="Your usage could not be read.">
            {keyProblem(usage.error).message}
          </Alert>
        ) : (
          <div className="limits">
            {usage.data.limits.map((entry) => (
              <LimitBar
                key={entry.name}
                entry={entry}
                now={now}
                reached={thresholdsReached(entry, me.data?.plan.alerts ?? [])}
              />
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

      <Panel title="Last 90 days" description="Your requests per UTC day that were allowed and denied.">
        {daily.isPending ? (
          <Loading label="Reading your days…" />
        ) : daily.isError ? (
          <Alert tone="error" title="Your daily usage could not be read.">
            {daily.error.message}
          </Alert>
        ) : (
          <DailyChart points={daily.data.points} label="Your checks day by day" />
        )}
      </Panel>
    </div>
  );
}
