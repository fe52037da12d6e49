// A new endpoint's signing secret, shown this once in the secret dialog, with how a receiver checks what it is sent.
import { SecretDialog } from "../../../components/ui/secret-dialog";
import type { NewWebhook } from "../api/create-webhook";

export function NewWebhookDialog({ created, onDismiss }: { created: NewWebhook | null; onDismiss: () => void }) {
  return (
    <SecretDialog
      secret={created?.secret ?? null}
      title="New webhook endpoint"
      label="Signing secret"
      noun="secret"
      kept="Bouncer keeps it only to sign what it sends."
      onDismiss={onDismiss}
    >
      <p>
        Events to <code>{created?.url}</code> carry <code>webhook-id</code>, <code>webhook-timestamp</code> and{" "}
        <code>webhook-signature</code> headers (Standard Webhooks): verify them with this secret before trusting an
        event.
      </p>
    </SecretDialog>
  );
}
