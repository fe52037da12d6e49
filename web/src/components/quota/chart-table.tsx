// A checks chart's numbers as a table, folded under "Show as table": every bar's allowed and denied, for screen
// readers and for whoever wants the exact figures. Three short columns fit a phone, so it needs no scroll box.
import { formatCount } from "../../lib/format";

/** One bar of a checks chart: its minute or day, and the checks allowed and denied in it. */
export type ChecksBar = { at: string; allowed: number; denied: number };

type Props = { bars: ChecksBar[]; label: string; unit: string };

export function ChartTable({ bars, label, unit }: Props) {
  return (
    <details className="chart-table">
      <summary>Show as table</summary>
      <table className="table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{unit}</th>
            <th scope="col" className="num">
              Allowed
            </th>
            <th scope="col" className="num">
              Denied
            </th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.at}>
              <th scope="row">{bar.at}</th>
              <td className="num">{formatCount(bar.allowed)}</td>
              <td className="num">{formatCount(bar.denied)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
