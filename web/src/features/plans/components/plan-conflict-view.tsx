// The 412 view: someone else saved the plan first. The admin's changes stay, beside the current version, field by
// field, until they apply theirs over it or take the current one.
import { useEffect, useId, useRef } from "react";
import { Button } from "../../../components/ui/button";
import { TableScroll } from "../../../components/ui/table-scroll";
import type { Plan, PlanPatch } from "../../../lib/domain";
import { conflictRows } from "./plan-conflict";
import "./plans.css";

type Props = {
  /** What the admin changed from the version they read; null while the form has an error to fix first. */
  mine: PlanPatch | null;
  current: Plan;
  busy: boolean;
  onApply: () => void;
  onDiscard: () => void;
};

export function PlanConflictView({ mine, current, busy, onApply, onDiscard }: Props) {
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  // The Save button the admin pressed is disabled now: the view takes the focus, so it is read first.
  useEffect(() => ref.current?.focus(), []);
  return (
    <section ref={ref} tabIndex={-1} className="alert alert-warning plan-conflict" aria-labelledby={titleId}>
      <p id={titleId} className="alert-title">
        Someone else changed this plan while you were editing it.
      </p>
      <div className="alert-body stack">
        <p>
          Nothing of yours was saved. It is now at version {current.version}. Compare, then apply your changes over the
          current version (the fields you did not change keep their current values) or take the current version.
        </p>
        <TableScroll label="Your changes and the current version table">
          <table className="table" aria-label="Your changes and the current version">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Your changes</th>
                <th scope="col">Current version</th>
              </tr>
            </thead>
            <tbody>
              {conflictRows(mine ?? {}, current).map((row) => (
                <tr key={row.label} className={row.differs ? "plan-conflict-differs" : undefined}>
                  <th scope="row">
                    {row.label}
                    {row.differs ? <span className="badge badge-shadow plan-conflict-mark">Differs</span> : null}
                  </th>
                  <td className={row.mine === null ? "muted" : undefined}>{row.mine ?? "Not changed by you"}</td>
                  <td>{row.current}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        {mine ? null : <p>Fix the fields marked below to apply your changes.</p>}
        <div className="row">
          <Button variant="primary" onClick={onApply} disabled={busy || !mine}>
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
