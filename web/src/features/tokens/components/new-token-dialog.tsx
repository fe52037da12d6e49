// A new token, shown this once in the secret dialog, with what its role lets it do.
import { SecretDialog } from "../../../components/ui/secret-dialog";
import type { NewToken } from "../api/create-token";
import type { TokenRole } from "../api/get-tokens";

export type CreatedToken = NewToken & { name: string; role: TokenRole };

export function NewTokenDialog({ created, onDismiss }: { created: CreatedToken | null; onDismiss: () => void }) {
  return (
    <SecretDialog
      secret={created?.token ?? null}
      title={created ? `New ${created.role} token “${created.name}”` : ""}
      label="New token"
      noun="token"
      onDismiss={onDismiss}
    >
      <p>
        Send it as <code>Authorization: Bearer &lt;token&gt;</code>.{" "}
        {created?.role === "service"
          ? "It may check requests and read a customer's usage, nothing else."
          : "It may do everything, as ADMIN_TOKEN does."}
      </p>
    </SecretDialog>
  );
}
