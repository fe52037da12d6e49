// Every endpoint by URL, its events and when it was added, with its deliveries, a test and Delete.
import { Button } from "../../../components/ui/button";
import { TableScroll } from "../../../components/ui/table-scroll";
import { formatDateTime } from "../../../lib/format";
import type { Webhook } from "../api/get-webhooks";

type Props = {
  webhooks: Webhook[];
  /** The endpoint whose deliveries are shown, if any. */
  shownId: string | null;
  testing: string | null;
  onShow: (webhook: Webhook) => void;
  onTest: (webhook: Webhook) => void;
  onDelete: (webhook: Webhook) => void;
};

export function WebhooksTable({ webhooks, shownId, testing, onShow, onTest, onDelete }: Props) {
  return (
    <TableScroll label="Webhook endpoints table">
      <table className="table" aria-label="Webhook endpoints">
        <thead>
          <tr>
            <th scope="col">Endpoint</th>
            <th scope="col">Events</th>
            <th scope="col">Added</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {webhooks.map((webhook) => (
            <tr
              key={webhook.id}
              aria-selected={webhook.id === shownId}
              className={webhook.id === shownId ? "selected" : undefined}
            >
              <th scope="row">
                <code className="cell-title webhook-url">{webhook.url}</code>
                <code className="cell-sub">{webhook.id}</code>
              </th>
              <td>
                <code>{webhook.events.join(", ")}</code>
              </td>
              <td>{formatDateTime(webhook.createdAt)}</td>
              <td className="actions">
                <Button
                  variant="ghost"
                  aria-label={`Deliveries to ${webhook.url}`}
                  aria-pressed={webhook.id === shownId}
                  onClick={() => onShow(webhook)}
                >
                  Deliveries
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`Send test to ${webhook.url}`}
                  disabled={testing === webhook.id}
                  onClick={() => onTest(webhook)}
                >
                  {testing === webhook.id ? "Sending…" : "Send test"}
                </Button>
                <Button variant="ghost" aria-label={`Delete ${webhook.url}`} onClick={() => onDelete(webhook)}>
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
