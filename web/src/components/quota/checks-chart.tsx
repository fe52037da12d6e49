// Allowed and denied checks over a span of time (minutes of an hour, days of a quarter), as stacked bars with a
// written total and a table of every bar, so the numbers are there for whoever cannot see the bars.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount } from "../../lib/format";
import { ChartTable, type ChecksBar } from "./chart-table";

// The theme's variables (styles.css), so the bars follow light and dark like the rest of the page.
const COLORS = {
  allowed: "var(--bar-ok)",
  denied: "var(--bar-full)",
  grid: "var(--chart-grid)",
  axis: "var(--muted)",
  cursor: "var(--chart-cursor)",
};
const TOOLTIP_STYLE = { background: "var(--surface)", borderColor: "var(--border)", color: "var(--fg)" };

/** One bar: its place on the time axis as read ("10:41", "30 Nov"), and its checks. */
type Props = {
  bars: ChecksBar[];
  /** What the figure shows, for its accessible name: "Your checks per minute". */
  label: string;
  /** The span, as it ends the written total: "in the last hour". */
  span: string;
  /** What one bar is, as the table's first column is headed: "Minute", "Day (UTC)". */
  unit: string;
};

export function ChecksChart({ bars, label, span, unit }: Props) {
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
          <Tooltip cursor={{ fill: COLORS.cursor }} contentStyle={TOOLTIP_STYLE} labelStyle={{ color: "var(--fg)" }} />
          <Bar dataKey="allowed" name="Allowed" stackId="checks" fill={COLORS.allowed} isAnimationActive={false} />
          <Bar dataKey="denied" name="Denied" stackId="checks" fill={COLORS.denied} isAnimationActive={false} />
        </BarChart>
        {allowed + denied === 0 ? <p className="chart-empty">No checks {span} yet.</p> : null}
      </div>
      <ChartTable bars={bars} label={label} unit={unit} />
    </figure>
  );
}
