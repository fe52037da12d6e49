// One limit as a bar of used of limit, with what is left, when it frees up and, when given, the alert thresholds its
// window has reached.
import { formatCount, formatDate, formatDuration } from "../../lib/format";
import { entryLabel, entryParts, isInFlight, type LimitEntry, renewsOnBillingDay } from "../../lib/quota";
import { ThresholdsReached } from "./thresholds-reached";
import { heldText, leftWord, UsedMeter, usedOf, usedText } from "./used-meter";

/**
 * When the limit frees up, in words: the bucket refills, windows reset. Requests in flight have no window: with a
 * slot free there is nothing to wait for, and with none a slot frees when a request is released, or at the latest
 * when the first lease held ends by itself (the entry's reset).
 */
function resetText(entry: LimitEntry, now: number): string | null {
  const seconds = entry.reset - now;
  if (isInFlight(entry.name)) {
    if (entry.remaining > 0) return null;
    return seconds > 0 ? `A slot frees within ${formatDuration(seconds)}` : "Freeing…";
  }
  if (entryParts(entry.name).limit === "burst") {
    if (entry.remaining >= entry.limit) return "Full";
    return seconds > 0 ? `Full again in ${formatDuration(seconds)}` : "Refilling…";
  }
  return seconds > 0 ? `Resets in ${formatDuration(seconds)}` : "Resetting…";
}

/**
 * What the bar alone does not say: a bucket's refill rate, a month's renewal date (what a bill runs to), and that
 * requests in flight are counted at once rather than over time.
 */
function detailText(entry: LimitEntry): string | null {
  const { limit } = entryParts(entry.name);
  if (limit === "burst" && entry.perMinute !== undefined) {
    return `Bucket of ${formatCount(entry.limit)}, refills ${formatCount(entry.perMinute)} per minute`;
  }
  if (isInFlight(entry.name)) {
    return "Requests at once: a slot frees when a request is released or its lease ends";
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
  const { fullness } = usedOf(entry);
  const label = entryLabel(entry.name);
  const detail = detailText(entry);
  const reset = resetText(entry, now);
  const held = heldText(entry);
  return (
    <div className={`limit limit-${fullness}`}>
      <div className="limit-head">
        <span className="limit-name">{label}</span>
        <span className="limit-left">{`${formatCount(entry.remaining)} ${leftWord(entry)}`}</span>
      </div>
      <UsedMeter entry={entry} label={label} />
      <div className="limit-foot">
        <span>{usedText(entry)}</span>
        {reset ? <span className="limit-reset">{reset}</span> : null}
      </div>
      {detail ? <p className="limit-detail">{detail}</p> : null}
      {held ? <p className="limit-detail">{held}, not yet spent</p> : null}
      <ThresholdsReached label={label} reached={reached} />
    </div>
  );
}
