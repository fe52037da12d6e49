// A simulation as stacked bars over time, one a period: allowed, then the denied of each limit in its own colour.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { Simulation } from "../../../lib/domain";
import { formatDuration } from "../../../lib/format";

/** The theme's variables (styles.css), so the bars follow light and dark like the rest of the page. */
const ALLOWED = "var(--bar-ok)";
/** Denials, one colour per limit in the order the check meets them: the bucket first, usually. */
const DENIED = ["var(--bar-full)", "var(--bar-high)", "var(--muted)", "var(--danger)", "var(--warning)"];
const AXIS = "var(--muted)";
const GRID = "var(--chart-grid, var(--border))";
const TOOLTIP_STYLE = { background: "var(--surface)", borderColor: "var(--border)", color: "var(--fg)" };

/** The colour of the denials of the k-th limit. */
export const deniedColor = (k: number) => DENIED[k % DENIED.length] as string;

/** When a period starts, counted from the first request: "0 s", "1 min 15 s". */
export const periodStart = (offsetMs: number) => formatDuration(offsetMs / 1000);

type Props = { sim: Simulation; labels: string[]; summary: string };

export function SimulationChart({ sim, labels, summary }: Props) {
  const rows = sim.periods.map((p) => ({
    at: periodStart(p.offsetMs),
    allowed: p.allowed,
    ...Object.fromEntries(p.denied.map((n, k) => [`denied${k}`, n])),
  }));
  return (
    <div className="simulator-chart" role="img" aria-label={`Burst simulation: ${summary}`}>
      <BarChart
        responsive
        style={{ width: "100%", height: 220 }}
        data={rows}
        barCategoryGap={0}
        margin={{ top: 8, right: 8, bottom: 0, left: -8 }}
      >
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis
          dataKey="at"
          tick={{ fill: AXIS, fontSize: 12 }}
          interval="preserveStartEnd"
          minTickGap={32}
          tickLine={false}
        />
        <YAxis allowDecimals={false} tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} axisLine={false} />
        <Tooltip
          cursor={{ fill: "var(--chart-cursor, var(--accent-soft))" }}
          contentStyle={TOOLTIP_STYLE}
          labelStyle={{ color: "var(--fg)" }}
        />
        <Bar dataKey="allowed" name="Allowed" stackId="checks" fill={ALLOWED} isAnimationActive={false} />
        {labels.map((label, k) => (
          <Bar
            key={sim.limits[k]}
            dataKey={`denied${k}`}
            name={`Denied by ${label}`}
            stackId="checks"
            fill={deniedColor(k)}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </div>
  );
}
