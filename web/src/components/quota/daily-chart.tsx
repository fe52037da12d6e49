// Allowed and denied checks per UTC day over the last 90 days: what a monthly bill is made from.
import { formatDay } from "../../lib/format";
import { DAILY_DAYS, type DailyPoint } from "../../lib/quota";
import { ChecksChart } from "./checks-chart";

export function DailyChart({ points, label }: { points: DailyPoint[]; label: string }) {
  const bars = points.map((p) => ({ at: formatDay(p.day), allowed: p.allowed, denied: p.denied }));
  return <ChecksChart bars={bars} label={label} span={`in the last ${DAILY_DAYS} days`} unit="Day (UTC)" />;
}
