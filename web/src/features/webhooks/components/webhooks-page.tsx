// The Webhooks page of the admin console: add an endpoint (its signing secret shown once), send it a test, watch its
// deliveries and send one again, and delete it.
import { useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { PageHeader } from "../../../components/ui/page-header";
import { Panel } from "../../../components/ui/panel";
import { Empty, Loading } from "../../../components/ui/states";
import { isApiError } from "../../../lib/api-client";
import { useDeleteWebhook } from "../api/delete-webhook";
import { DELIVERIES_LIMIT, DELIVERIES_REFRESH_MS } from "../api/get-deliveries";
import { useWebhooks, type Webhook } from "../api/get-webhooks";
import { useSendTest } from "../api/send-test";
import { WebhookCreateForm } from "./webhook-create-form";
import { WebhookDeliveries } from "./webhook-deliveries";
import { WebhooksTable } from "./webhooks-table";
import "./webhooks.css";

/** What the last action did; `focus` when the button pressed is gone (a deleted endpoint's). */
type Notice = { tone: "success" | "error"; title: string; body?: string; focus?: boolean };

export function WebhooksPage() {
  const webhooks = useWebhooks();
  const sendTest = useSendTest();
  const remove = useDeleteWebhook();
  const [shownId, setShownId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // A deleted endpoint's buttons are gone: focus goes to the line that says so instead of <body>.
  useEffect(() => {
    if (notice?.focus) noticeRef.current?.focus();
  }, [notice]);

  const shown = webhooks.data?.find((w) => w.id === shownId) ?? null;

  function test(webhook: Webhook) {
    setNotice(null);
    sendTest.mutate(webhook.id, {
      onSuccess: () => {
        // Its delivery is what the admin wants to see next.
        setShownId(webhook.id);
        setNotice({ tone: "success", title: `A webhook.test event is on its way to ${webhook.url}.` });
      },
      onError: (error) =>
        setNotice({
          tone: "error",
          title: "The test was not sent.",
          body: isApiError(error) ? error.message : "Something went wrong.",
        }),
    });
  }

  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  return (
    <>
      <PageHeader
        title="Webhooks"
        lede="Endpoints of yours that Bouncer posts events to, signed, such as a customer's use reaching an alert threshold."
      />
      <Panel title="New endpoint" description="Its signing secret is shown once, when it is added.">
        <WebhookCreateForm />
      </Panel>
      <Panel title="Endpoints" description="Failed deliveries are tried again with backoff for up to 3 days.">
        <div className="stack">
          {notice ? (
            <div ref={noticeRef} tabIndex={-1}>
              <Alert tone={notice.tone} title={notice.title}>
                {notice.body}
              </Alert>
            </div>
          ) : null}
          {webhooks.isPending ? (
            <Loading label="Loading endpoints…" />
          ) : webhooks.isError ? (
            <Alert tone="error" title="The endpoints could not be loaded.">
              {webhooks.error.message}
            </Alert>
          ) : webhooks.data.length === 0 ? (
            <Empty title="No endpoints yet">
              <p>Add one above to be told when customers reach the alert thresholds of their plans.</p>
            </Empty>
          ) : (
            <WebhooksTable
              webhooks={webhooks.data}
              shownId={shownId}
              testing={sendTest.isPending ? (sendTest.variables ?? null) : null}
              onShow={(webhook) => setShownId((id) => (id === webhook.id ? null : webhook.id))}
              onTest={test}
              onDelete={(webhook) => {
                setNotice(null);
                setDeleting(webhook);
              }}
            />
          )}
        </div>
      </Panel>
      {shown ? (
        <Panel
          title="Deliveries"
          description={
            <>
              To <code className="webhook-url">{shown.url}</code>: the latest {DELIVERIES_LIMIT}, newest first, updated
              every {DELIVERIES_REFRESH_MS / 1000} seconds.
            </>
          }
        >
          <WebhookDeliveries key={shown.id} webhook={shown} />
        </Panel>
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this endpoint?"
        confirmLabel={remove.isPending ? "Deleting…" : "Delete endpoint"}
        busy={remove.isPending}
        onCancel={closeDelete}
        onConfirm={() => {
          if (!deleting) return;
          // Its deliveries stop being read before it is deleted: a read after would find it gone.
          if (shownId === deleting.id) setShownId(null);
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setNotice({ tone: "success", title: `Endpoint ${deleting.url} was deleted.`, focus: true });
              closeDelete();
            },
          });
        }}
      >
        <p>
          No more events are sent to <code className="webhook-url">{deleting?.url}</code>, and its deliveries go with
          it. This cannot be undone.
        </p>
        {remove.error ? (
          <Alert tone="error" title="The endpoint was not deleted.">
            {isApiError(remove.error) ? remove.error.message : "Something went wrong."}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
