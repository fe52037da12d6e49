// Allowed and denied checks per minute over the last hour, as stacked bars with a written total.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount, formatMinute } from "../../lib/format";
import type { HistoryPoint } from "../../lib/quota";

const COLORS = { allowed: "#2f6fde", denied: "#d0342c", grid: "#e4e6eb", axis: "#5c606b" };

export function HistoryChart({ points, label }: { points: HistoryPoint[]; label: string }) {
  const allowed = points.reduce((sum, p) => sum + p.allowed, 0);
  const denied = points.reduce((sum, p) => sum + p.denied, 0);
  const data = points.map((p) => ({ ...p, time: formatMinute(p.minute) }));
  const summary = `${formatCount(allowed)} allowed, ${formatCount(denied)} denied in the last hour`;
  return (
    <figure className="chart" aria-label={label}>
      <figcaption className="chart-summary">
        <span className="chart-key chart-key-allowed">{formatCount(allowed)} allowed</span>
        <span className="chart-key chart-key-denied">{formatCount(denied)} denied</span>
        <span className="muted">in the last hour</span>
      </figcaption>
      <div className="chart-area" role="img" aria-label={`${label}: ${summary}`}>
        <BarChart
          responsive
          style={{ width: "100%", height: 220 }}
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        >
          <CartesianGrid stroke={COLORS.grid} vertical={false} />
          <XAxis
            dataKey="time"
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
        {allowed + denied === 0 ? <p className="chart-empty">No checks in the last hour yet.</p> : null}
      </div>
    </figure>
  );
}
