// Allowed and denied checks over a span of time (minutes of an hour, days of a quarter), as stacked bars with a
// written total, so the number is there for whoever cannot see the bars.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount } from "../../lib/format";

const COLORS = { allowed: "#2f6fde", denied: "#d0342c", grid: "#e4e6eb", axis: "#5c606b" };

/** One bar: its place on the time axis as read ("10:41", "30 Nov"), and its checks. */
export type ChecksBar = { at: string; allowed: number; denied: number };

type Props = {
  bars: ChecksBar[];
  /** What the figure shows, for its accessible name: "Your checks per minute". */
  label: string;
  /** The span, as it ends the written total: "in the last hour". */
  span: string;
};

export function ChecksChart({ bars, label, span }: Props) {
  const allowed = bars.reduce((sum, p) => sum + p.allowed, 0);
  const denied = bars.reduce((sum, p) => sum + p.denied, 0);
  const summary = `${formatCount(allowed)} allowed, ${formatCount(denied)} denied ${span}`;
  return (
    <figure className="chart" aria-label={label}>
      <figcaption className="chart-summary">
        <span className="chart-key chart-key-allowed">{formatCount(allowed)} allowed</span>
        <span className="chart-key chart-key-denied">{formatCount(denied)} denied</span>
        <span className="muted">{span}</span>
      </figcaption>
      <div className="chart-area" role="img" aria-label={`${label}: ${summary}`}>
        <BarChart
          responsive
          style={{ width: "100%", height: 220 }}
          data={bars}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        >
          <CartesianGrid stroke={COLORS.grid} vertical={false} />
          <XAxis
            dataKey="at"
            tick={{ fill: COLORS.axis, fontSize: 12 }}
            interval="preserveStartEnd"
            minTickGap={24}
            tickLine={false}
          />
          <YAxis allowDecimals={false} tick={{ fill: COLORS.axis, fontSize: 12 }} tickLine={false} axisLine={false} />
          <Tooltip cursor={{ fill: "rgba(47, 111, 222, 0.08)" }} />
          <Bar dataKey="allowed" name="Allowed" stackId="checks" fill={COLORS.allowed} isAnimationActive={false} />
          <Bar dataKey="denied" name="Denied" stackId="checks" fill={COLORS.denied} isAnimationActive={false} />
        </BarChart>
        {allowed + denied === 0 ? <p className="chart-empty">No checks {span} yet.</p> : null}
      </div>
    </figure>
  );
}
