// The customers denied most in the last hour, most first: who to look at when clients complain of 429s.
import { Panel } from "../../../components/ui/panel";
import { Empty } from "../../../components/ui/states";
import { formatCount } from "../../../lib/format";
import type { Throttled } from "../api/get-live-usage";

export function ThrottledPanel({ throttled }: { throttled: Throttled[] }) {
  return (
    <Panel title="Most denied in the last hour" description="The five customers with the most denied checks.">
      {throttled.length === 0 ? (
        <Empty title="No customer was denied in the last hour" />
      ) : (
        <ol className="live-throttled">
          {throttled.map((c) => (
            <li key={c.customerId} className="live-throttled-item">
              <span className="live-throttled-name">{c.name}</span>{" "}
              <span className="live-throttled-count">
                {formatCount(c.denied)} denied, {formatCount(c.allowed)} allowed
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
