// The Tokens page of the admin console: make an admin or service token (shown once), list them, revoke one.
import { useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { PageHeader } from "../../../components/ui/page-header";
import { Panel } from "../../../components/ui/panel";
import { Empty, Loading } from "../../../components/ui/states";
import { isApiError } from "../../../lib/api-client";
import { type Token, useTokens } from "../api/get-tokens";
import { useRevokeToken } from "../api/revoke-token";
import { TokenCreateForm } from "./token-create-form";
import { TokensTable } from "./tokens-table";

export function TokensPage() {
  const tokens = useTokens();
  const revoke = useRevokeToken();
  const [revoking, setRevoking] = useState<Token | null>(null);
  const [revoked, setRevoked] = useState<Token | null>(null);
  const revokedRef = useRef<HTMLDivElement>(null);

  // The Revoke button is gone once its token is revoked: focus goes to the line that says so instead of <body>.
  // This runs after the dialog has closed, and so after the browser gave focus back to the missing button.
  useEffect(() => {
    if (revoked) revokedRef.current?.focus();
  }, [revoked]);

  const closeRevoke = () => {
    setRevoking(null);
    revoke.reset();
  };

  return (
    <>
      <PageHeader
        title="Tokens"
        lede="Service tokens let your API's servers check requests; admin tokens run this console and the API."
      />
      <Panel title="New token" description="A token is shown once, when made. Only its hash is kept.">
        <TokenCreateForm />
      </Panel>
      <Panel title="All tokens" description="Revoked tokens stop working at once. ADMIN_TOKEN is not listed.">
        <div className="stack">
          {revoked ? (
            <div ref={revokedRef} tabIndex={-1}>
              <Alert tone="success" title={`Token “${revoked.name}” was revoked.`}>
                Requests with it are refused from now on.
              </Alert>
            </div>
          ) : null}
          {tokens.isPending ? (
            <Loading label="Loading tokens…" />
          ) : tokens.isError ? (
            <Alert tone="error" title="The tokens could not be loaded.">
              {tokens.error.message}
            </Alert>
          ) : tokens.data.length === 0 ? (
            <Empty title="No tokens yet">
              <p>Make a service token above for each server that checks requests.</p>
            </Empty>
          ) : (
            <TokensTable
              tokens={tokens.data}
              onRevoke={(token) => {
                setRevoked(null);
                setRevoking(token);
              }}
            />
          )}
        </div>
      </Panel>

      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke token “${revoking?.name ?? ""}”?`}
        confirmLabel={revoke.isPending ? "Revoking…" : "Revoke token"}
        busy={revoke.isPending}
        onCancel={closeRevoke}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoked(revoking);
              closeRevoke();
            },
          })
        }
      >
        <p>
          Requests with this {revoking?.role ?? ""} token are refused from now on. This cannot be undone.
          {revoking?.role === "admin" ? " Anyone signed in to this console with it is signed out." : null}
        </p>
        {revoke.error ? (
          <Alert tone="error" title="The token was not revoked.">
            {isApiError(revoke.error) ? revoke.error.message : "Something went wrong."}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
