// A simulation as stacked bars over time, one a period: allowed at the foot, then the denied of each limit in its
// own colour. Plain SVG stretched to the width, not recharts: it is redrawn on every keystroke, and recharts took
// ~140 ms to draw the ~1,000 bars of the default plan where this takes a few.
import type { Simulation } from "../../../lib/domain";
import { formatCount, formatDuration } from "../../../lib/format";

/** The theme's variables (styles.css), so the bars follow light and dark like the rest of the page. */
const ALLOWED = "var(--bar-ok)";
/** Denials, one colour per limit in the order the check meets them: the bucket first, usually. */
const DENIED = ["var(--bar-full)", "var(--bar-high)", "var(--muted)", "var(--danger)", "var(--warning)"];

/** The colour of the denials of the k-th limit. */
export const deniedColor = (k: number) => DENIED[k % DENIED.length] as string;

/** When a period starts, counted from the first request: "0 s", "1 min 15 s". */
export const periodStart = (offsetMs: number) => formatDuration(offsetMs / 1000);

/** A round step that reaches `max` in at most five: 1, 2, 2.5 or 5 times a power of ten. */
function gridStep(max: number): number {
  const rough = Math.max(1, max / 5);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) as number;
  return Math.max(1, Math.ceil(step));
}

type Props = { sim: Simulation; summary: string };

export function SimulationChart({ sim, summary }: Props) {
  const n = sim.periods.length;
  // The time axis names its ends and the start of the middle period, where that period's bar begins.
  const middle = Math.floor(n / 2);
  const max = Math.max(0, ...sim.periods.map((p) => p.allowed + p.denied.reduce((a, b) => a + b, 0)));
  const step = gridStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const lines = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  // Each series' bars stacked on the ones below: allowed first, then each limit's denials.
  const base = new Array<number>(n).fill(0);
  const series = [
    { color: ALLOWED, of: (i: number) => sim.periods[i]?.allowed ?? 0 },
    ...sim.limits.map((_, k) => ({ color: deniedColor(k), of: (i: number) => sim.periods[i]?.denied[k] ?? 0 })),
  ].map(({ color, of }, key) => {
    const bars = [];
    for (let i = 0; i < n; i++) {
      const h = of(i);
      if (h > 0) bars.push(<rect key={i} x={i} width={1} y={top - (base[i] as number) - h} height={h} />);
      base[i] = (base[i] as number) + h;
    }
    return { key, color, bars };
  });
  return (
    <div className="simulator-chart" role="img" aria-label={`Traffic simulation: ${summary}`}>
      <div className="simulator-plot">
        <div className="simulator-y">
          {lines.map((v) => (
            <span key={v} style={{ top: `${(1 - v / top) * 100}%` }}>
              {formatCount(v)}
            </span>
          ))}
        </div>
        <svg aria-hidden="true" viewBox={`0 0 ${n} ${top}`} preserveAspectRatio="none" shapeRendering="crispEdges">
          {lines.map((v) => (
            <line key={v} className="simulator-grid" x1={0} x2={n} y1={top - v} y2={top - v} />
          ))}
          {series.map(({ key, color, bars }) => (
            <g key={key} fill={color}>
              {bars}
            </g>
          ))}
        </svg>
      </div>
      <div className="simulator-x">
        <span>{periodStart(0)}</span>
        <span style={{ left: `${(middle / n) * 100}%` }}>{periodStart(middle * sim.periodMs)}</span>
        <span>{periodStart(n * sim.periodMs)}</span>
      </div>
    </div>
  );
}
