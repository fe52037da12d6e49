// One endpoint's latest deliveries, newest first and read again every few seconds while shown: each event's status,
// attempts, last answer and next try, with a Redeliver button.
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Empty, Loading } from "../../../components/ui/states";
import { TableScroll } from "../../../components/ui/table-scroll";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { useDeliveries } from "../api/get-deliveries";
import type { Webhook } from "../api/get-webhooks";
import { useRedeliver } from "../api/redeliver";
import { lastStatusText, nextTryText, STATUS_WORDS } from "./delivery-words";

export function WebhookDeliveries({ webhook }: { webhook: Webhook }) {
  const deliveries = useDeliveries(webhook.id);
  const redeliver = useRedeliver();

  if (deliveries.isPending) return <Loading label="Reading deliveries…" />;
  if (deliveries.isError) {
    return (
      <Alert tone="error" title="The deliveries could not be read.">
        {deliveries.error.message}
      </Alert>
    );
  }
  if (deliveries.data.length === 0) {
    return (
      <Empty title="No deliveries yet">
        <p>Send a test to see one arrive, or wait for a customer's use to reach an alert threshold.</p>
      </Empty>
    );
  }
  return (
    <div className="stack">
      {redeliver.error ? (
        <Alert tone="error" title="The event was not sent again.">
          {isApiError(redeliver.error) ? redeliver.error.message : "Something went wrong."}
        </Alert>
      ) : null}
      <TableScroll label="Deliveries table">
        <table className="table" aria-label={`Deliveries to ${webhook.url}`}>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Attempts
              </th>
              <th scope="col">Last status</th>
              <th scope="col">Next try</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.map((delivery) => {
              const status = STATUS_WORDS[delivery.status];
              return (
                <tr key={delivery.id}>
                  <th scope="row">
                    <span className="cell-title">{delivery.type}</span>
                    <code className="cell-sub">{delivery.eventId}</code>
                  </th>
                  <td>
                    <span className={status.badge}>{status.text}</span>
                  </td>
                  <td className="num">{delivery.attempts}</td>
                  <td>{lastStatusText(delivery)}</td>
                  <td>{nextTryText(delivery)}</td>
                  <td>{formatDateTime(delivery.createdAt)}</td>
                  <td className="actions">
                    <Button
                      variant="ghost"
                      disabled={redeliver.isPending}
                      aria-label={`Redeliver ${delivery.type} ${delivery.eventId}`}
                      onClick={() => redeliver.mutate({ webhookId: webhook.id, deliveryId: delivery.id })}
                    >
                      Redeliver
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
