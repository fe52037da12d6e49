// The Audit page of the admin console: every change made through the API, newest first.
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import { Panel } from "../../../components/ui/panel";
import { Empty, Loading } from "../../../components/ui/states";
import { TableScroll } from "../../../components/ui/table-scroll";
import { formatDateTime } from "../../../lib/format";
import { type AuditEntry, useAudit } from "../api/get-audit";
import { changeLines } from "./change-summary";

/** Entries carry no id; what happened, when and to what is unique but for writes within one millisecond. */
function keyed(entries: AuditEntry[]) {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const base = `${entry.at} ${entry.action} ${entry.target}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return { key: `${base} ${count}`, entry };
  });
}

const PAGE = 100;
const MOST = 1000;

export function AuditPage() {
  const [limit, setLimit] = useState(PAGE);
  const audit = useAudit(limit);

  return (
    <>
      <PageHeader
        title="Audit log"
        lede="Every change to plans, customers, keys and tokens, newest first. Secrets never appear here."
        actions={
          <Button onClick={() => audit.refetch()} disabled={audit.isFetching}>
            {audit.isFetching ? "Refreshing…" : "Refresh"}
          </Button>
        }
      />
      <Panel title="Changes">
        {audit.isPending ? (
          <Loading label="Loading the audit log…" />
        ) : audit.isError ? (
          <Alert tone="error" title="The audit log could not be loaded.">
            {audit.error.message}
          </Alert>
        ) : audit.data.length === 0 ? (
          <Empty title="Nothing has changed yet">
            <p>Creating a plan, a customer or a key adds an entry here.</p>
          </Empty>
        ) : (
          <>
            <TableScroll label="Audit log table">
              <table className="table" aria-label="Audit log">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Action</th>
                    <th scope="col">Target</th>
                    <th scope="col">Change</th>
                    <th scope="col">Actor</th>
                  </tr>
                </thead>
                <tbody>
                  {keyed(audit.data).map(({ key, entry }) => {
                    const lines = changeLines(entry.before, entry.after);
                    return (
                      <tr key={key}>
                        <td className="nowrap">{formatDateTime(entry.at)}</td>
                        <td>
                          <code className="badge">{entry.action}</code>
                        </td>
                        <td>
                          <code>{entry.target}</code>
                        </td>
                        <td className="change">
                          {lines.length === 0 ? (
                            <span className="muted">—</span>
                          ) : (
                            <ul className="change-list">
                              {lines.map((line) => (
                                <li key={line}>{line}</li>
                              ))}
                            </ul>
                          )}
                        </td>
                        <td>
                          <code className="muted">{entry.actor}</code>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
            {audit.data.length >= limit && limit < MOST ? (
              <div className="panel-footer">
                <Button onClick={() => setLimit(Math.min(MOST, limit * 5))}>Show older changes</Button>
              </div>
            ) : null}
          </>
        )}
      </Panel>
    </>
  );
}
