// Allowed and denied checks per minute over the last hour.
import { formatMinute } from "../../lib/format";
import type { HistoryPoint } from "../../lib/quota";
import { ChecksChart } from "./checks-chart";

export function HistoryChart({ points, label }: { points: HistoryPoint[]; label: string }) {
  const bars = points.map((p) => ({ at: formatMinute(p.minute), allowed: p.allowed, denied: p.denied }));
  return <ChecksChart bars={bars} label={label} span="in the last hour" unit="Minute" />;
}
