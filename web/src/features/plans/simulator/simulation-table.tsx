// A simulation's numbers as a table, folded under "Show as table": every period's allowed and denied by each limit,
// for screen readers and for whoever wants the exact figures behind the bars.
import { TableScroll } from "../../../components/ui/table-scroll";
import type { Simulation } from "../../../lib/domain";
import { formatCount } from "../../../lib/format";
import { periodStart } from "./simulation-chart";

type Props = { sim: Simulation; labels: string[] };

export function SimulationTable({ sim, labels }: Props) {
  return (
    <details className="chart-table simulator-table">
      <summary>Show as table</summary>
      <TableScroll label="Traffic simulation, as a table">
        <table className="table">
          <caption className="visually-hidden">
            Requests allowed and denied in each period of {periodStart(sim.periodMs)}, from the first request
          </caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col" className="num">
                Allowed
              </th>
              {labels.map((label, k) => (
                <th key={sim.limits[k]} scope="col" className="num">
                  Denied by {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sim.periods.map((p) => (
              <tr key={p.offsetMs}>
                <th scope="row">{periodStart(p.offsetMs)}</th>
                <td className="num">{formatCount(p.allowed)}</td>
                {p.denied.map((n, k) => (
                  <td key={sim.limits[k]} className="num">
                    {formatCount(n)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </details>
  );
}
