// Add an endpoint: its URL, checked as the API checks it, for the one kind of event there is. Its secret opens in a
// dialog; once that is dismissed, focus returns to the URL.
import { type FormEvent, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { isApiError } from "../../../lib/api-client";
import { type NewWebhook, useCreateWebhook } from "../api/create-webhook";
import { WEBHOOK_EVENTS } from "../api/get-webhooks";
import { NewWebhookDialog } from "./new-webhook-dialog";
import { webhookUrlError } from "./webhook-url";

export function WebhookCreateForm() {
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [created, setCreated] = useState<NewWebhook | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);

  const urlError = webhookUrlError(url);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (urlError) {
      urlRef.current?.focus();
      return;
    }
    const made = await create.mutateAsync({ url: url.trim(), events: [...WEBHOOK_EVENTS] }).catch(() => null);
    if (!made) return;
    setUrl("");
    setTouched(false);
    setSubmitted(false);
    setCreated(made);
  }

  return (
    <>
      <form className="form" aria-label="New webhook endpoint" noValidate onSubmit={submit}>
        {create.error ? (
          <Alert tone="error" title="No endpoint was added.">
            {isApiError(create.error) ? create.error.message : "Something went wrong."}
          </Alert>
        ) : null}
        <div className="form-row">
          <Field
            label="Webhook URL"
            error={submitted || touched ? urlError : undefined}
            hint="Where events are posted: https://, or http:// to 127.0.0.1 or localhost for local development."
          >
            {(props) => (
              <input
                {...props}
                ref={urlRef}
                type="url"
                className="input input-mono"
                autoComplete="off"
                spellCheck={false}
                placeholder="https://billing.example.com/hooks"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                onBlur={() => setTouched(url !== "")}
              />
            )}
          </Field>
          <div className="field">
            <span className="field-label">Events</span>
            <code className="field-static">{WEBHOOK_EVENTS.join(", ")}</code>
          </div>
          <div className="form-row-action">
            <Button type="submit" variant="primary" disabled={create.isPending}>
              {create.isPending ? "Adding endpoint…" : "Add endpoint"}
            </Button>
          </div>
        </div>
      </form>
      <NewWebhookDialog
        created={created}
        onDismiss={() => {
          setCreated(null);
          urlRef.current?.focus();
        }}
      />
    </>
  );
}
