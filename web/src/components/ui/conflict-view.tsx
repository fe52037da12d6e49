// The 412 view: someone else saved the record first. The admin's changes stay, beside the current version, row by
// row, until they apply theirs over it or take the current one. Each feature gives its rows and its words.
import { useEffect, useId, useRef } from "react";
import { Button } from "./button";
import { TableScroll } from "./table-scroll";
import "./conflict-view.css";

export type ConflictRow = {
  label: string;
  /** The admin's value, or null for a row they did not change (the current one stays). */
  mine: string | null;
  current: string;
  differs: boolean;
};

type Props = {
  /** "Someone else changed this plan while you were editing it." */
  title: string;
  /** The current version's number. */
  version: number;
  /** What applying does to the rest, said in the explanation: "the fields you did not change keep their current values". */
  untouched: string;
  /** The head of the label column: "Field", "Setting". */
  rowHeader: string;
  rows: ConflictRow[];
  busy: boolean;
  /** Why the admin's changes cannot be applied yet, shown above the choices; Apply is disabled while it is set. */
  blocked?: string | undefined;
  onApply: () => void;
  onDiscard: () => void;
};

export function ConflictView({ title, version, untouched, rowHeader, rows, busy, blocked, onApply, onDiscard }: Props) {
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  // The Save button the admin pressed is disabled now: the view takes the focus, so it is read first.
  useEffect(() => ref.current?.focus(), []);
  return (
    <section ref={ref} tabIndex={-1} className="alert alert-warning conflict-view" aria-labelledby={titleId}>
      <p id={titleId} className="alert-title">
        {title}
      </p>
      <div className="alert-body stack">
        <p>
          Nothing of yours was saved. It is now at version {version}. Compare, then apply your changes over the current
          version ({untouched}) or take the current version.
        </p>
        <TableScroll label="Your changes and the current version table">
          <table className="table" aria-label="Your changes and the current version">
            <thead>
              <tr>
                <th scope="col">{rowHeader}</th>
                <th scope="col">Your changes</th>
                <th scope="col">Current version</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className={row.differs ? "conflict-view-differs" : undefined}>
                  <th scope="row">
                    {row.label}
                    {row.differs ? <span className="badge badge-shadow conflict-view-mark">Differs</span> : null}
                  </th>
                  <td className={row.mine === null ? "muted" : undefined}>{row.mine ?? "Not changed by you"}</td>
                  <td>{row.current}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        {blocked ? <p>{blocked}</p> : null}
        <div className="row">
          <Button variant="primary" onClick={onApply} disabled={busy || blocked !== undefined}>
            {busy ? "Applying…" : "Apply my changes to the current version"}
          </Button>
          <Button onClick={onDiscard} disabled={busy}>
            Discard mine and use current
          </Button>
        </div>
      </div>
    </section>
  );
}
