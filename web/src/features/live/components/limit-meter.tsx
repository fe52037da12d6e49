// One limit of a customer in a line: its name, whether the customer's overrides set it and whether it denies now
// (in words, not by colour alone), what is left, and a bar of what is used.
import { formatCount } from "../../../lib/format";
import { entryLabel, type LimitEntry } from "../../../lib/quota";

type Props = { entry: LimitEntry; custom: boolean; denying: boolean };

function level(usedShare: number): "ok" | "high" | "full" {
  if (usedShare >= 1) return "full";
  return usedShare >= 0.8 ? "high" : "ok";
}

export function LimitMeter({ entry, custom, denying }: Props) {
  const used = Math.max(0, entry.limit - entry.remaining);
  const share = entry.limit > 0 ? Math.min(1, used / entry.limit) : 1;
  const label = entryLabel(entry.name);
  return (
    <li className={`live-limit limit-${level(share)}`}>
      <div className="live-limit-head">
        <span className="live-limit-name">{label}</span>
        {custom ? (
          <span className="badge live-badge-custom" title="Set by this customer's overrides, not by its plan">
            custom
          </span>
        ) : null}
        {denying ? <span className="badge live-badge-denying">Denying</span> : null}
        <span className="live-limit-left">
          {formatCount(entry.remaining)} of {formatCount(entry.limit)} left
        </span>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: <meter> cannot be styled alike across browsers; the role says the same. */}
      <div
        className="limit-track live-limit-track"
        role="meter"
        aria-label={`${label} used`}
        aria-valuemin={0}
        aria-valuemax={entry.limit}
        aria-valuenow={used}
        aria-valuetext={`${formatCount(used)} of ${formatCount(entry.limit)} used`}
      >
        <div className="limit-fill" style={{ width: `${share * 100}%` }} />
      </div>
    </li>
  );
}
