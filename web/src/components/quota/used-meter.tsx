// The bar of what is used of one limit, as a meter a screen reader reads ("3 of 10 used", "3 of 5 in flight"), and
// how full it is.
import { formatCount } from "../../lib/format";
import { isInFlight, type LimitEntry } from "../../lib/quota";

export type Fullness = "ok" | "high" | "full";

/** What is used of the limit, its share (0–1), and how full that is: high from 80 %. */
export function usedOf(entry: LimitEntry): { used: number; share: number; fullness: Fullness } {
  const used = Math.max(0, entry.limit - entry.remaining);
  const share = entry.limit > 0 ? Math.min(1, used / entry.limit) : 1;
  return { used, share, fullness: share >= 1 ? "full" : share >= 0.8 ? "high" : "ok" };
}

/** What is used of the limit in words: "3 of 10 used"; of requests in flight, "3 of 5 in flight". */
export const usedText = (entry: LimitEntry): string =>
  `${formatCount(usedOf(entry).used)} of ${formatCount(entry.limit)} ${isInFlight(entry.name) ? "in flight" : "used"}`;

/** The word for what is left of the limit: "left"; of requests in flight, slots that are "free". */
export const leftWord = (entry: LimitEntry): string => (isInFlight(entry.name) ? "free" : "left");

/**
 * What API servers hold of the limit as local shares, in words ("40 held by servers"), or null when they hold none.
 * Held units count as used: they are taken from the store, though not yet spent or given back.
 */
export const heldText = (entry: LimitEntry): string | null =>
  entry.held && entry.held > 0 ? `${formatCount(entry.held)} held by servers` : null;

export function UsedMeter({ entry, label, className }: { entry: LimitEntry; label: string; className?: string }) {
  const { used, share } = usedOf(entry);
  return (
    // biome-ignore lint/a11y/useSemanticElements: <meter> cannot be styled alike across browsers; the role says the same.
    <div
      className={className ? `limit-track ${className}` : "limit-track"}
      role="meter"
      aria-label={`${label} used`}
      aria-valuemin={0}
      aria-valuemax={entry.limit}
      aria-valuenow={used}
      aria-valuetext={usedText(entry)}
    >
      <div className="limit-fill" style={{ width: `${share * 100}%` }} />
    </div>
  );
}
