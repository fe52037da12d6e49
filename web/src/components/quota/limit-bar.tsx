// One limit as a bar of used of limit, with what is left, a countdown to its reset and, when given, the alert
// thresholds its window has reached.
import { formatCount, formatDate, formatDuration } from "../../lib/format";
import { entryLabel, entryParts, type LimitEntry, renewsOnBillingDay } from "../../lib/quota";
import { ThresholdsReached } from "./thresholds-reached";
import { heldText, UsedMeter, usedOf } from "./used-meter";

/** When the limit frees up, in words: the bucket refills, windows reset. */
function resetText(entry: LimitEntry, now: number): string {
  const seconds = entry.reset - now;
  if (entryParts(entry.name).limit === "burst") {
    if (entry.remaining >= entry.limit) return "Full";
    return seconds > 0 ? `Full again in ${formatDuration(seconds)}` : "Refilling…";
  }
  return seconds > 0 ? `Resets in ${formatDuration(seconds)}` : "Resetting…";
}

/** What the bar alone does not say: a bucket's refill rate, a month's renewal date (what a bill runs to). */
function detailText(entry: LimitEntry): string | null {
  const { limit } = entryParts(entry.name);
  if (limit === "burst" && entry.perMinute !== undefined) {
    return `Bucket of ${formatCount(entry.limit)}, refills ${formatCount(entry.perMinute)} per minute`;
  }
  if (renewsOnBillingDay(limit)) {
    return `${formatCount(entry.remaining)} left this ${limit}, renews ${formatDate(entry.reset)}`;
  }
  return null;
}

type Props = {
  entry: LimitEntry;
  now: number;
  /** The alert thresholds (percent) this window's use has reached; none shows nothing. */
  reached?: readonly number[];
};

export function LimitBar({ entry, now, reached = [] }: Props) {
  const { used, fullness } = usedOf(entry);
  const label = entryLabel(entry.name);
  const detail = detailText(entry);
  const held = heldText(entry);
  return (
    <div className={`limit limit-${fullness}`}>
      <div className="limit-head">
        <span className="limit-name">{label}</span>
        <span className="limit-left">{formatCount(entry.remaining)} left</span>
      </div>
      <UsedMeter entry={entry} label={label} />
      <div className="limit-foot">
        <span>
          {formatCount(used)} of {formatCount(entry.limit)} used
        </span>
        <span className="limit-reset">{resetText(entry, now)}</span>
      </div>
      {detail ? <p className="limit-detail">{detail}</p> : null}
      {held ? <p className="limit-detail">{held}, not yet spent</p> : null}
      <ThresholdsReached label={label} reached={reached} />
    </div>
  );
}
