// A customer's API keys: make one (shown once, in a dialog that must be dismissed), list them by prefix, and revoke
// one after a confirmation.
import { useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { RevocationStatus, RevokeCell } from "../../../components/ui/revocation";
import { SecretDialog } from "../../../components/ui/secret-dialog";
import { Empty, Loading } from "../../../components/ui/states";
import { TableScroll } from "../../../components/ui/table-scroll";
import type { Customer } from "../../../lib/domain";
import { formatDateTime } from "../../../lib/format";
import { type NewKey, useCreateKey } from "../api/create-key";
import { type ApiKey, useKeys } from "../api/get-keys";
import { useRevokeKey } from "../api/revoke-key";
import { errorWords } from "./error-words";

export function CustomerKeys({ customer }: { customer: Customer }) {
  const keys = useKeys(customer.id);
  const create = useCreateKey(customer.id);
  const revoke = useRevokeKey(customer.id);
  const [created, setCreated] = useState<NewKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const rowRef = useRef<HTMLDivElement>(null);
  const making = useRef(false);

  const closeRevoke = () => {
    setRevoking(null);
    revoke.reset();
  };

  return (
    <div className="stack">
      <div className="row" ref={rowRef}>
        <Button
          variant="primary"
          onClick={() => {
            // A double click's second click comes before the button is drawn disabled: one key a click, the one shown.
            if (making.current) return;
            making.current = true;
            create.mutate(undefined, {
              onSuccess: setCreated,
              onSettled: () => {
                making.current = false;
              },
            });
          }}
          disabled={create.isPending}
        >
          {create.isPending ? "Making key…" : "Make API key"}
        </Button>
      </div>
      {create.error ? (
        <Alert tone="error" title="No key was made.">
          {errorWords(create.error, customer.name)}
        </Alert>
      ) : null}
      <SecretDialog
        secret={created?.key ?? null}
        title={`New API key for ${customer.name}`}
        label="New API key"
        noun="key"
        onDismiss={() => {
          setCreated(null);
          // The button was disabled while the key was made, so the dialog has no focus of its own to give back.
          rowRef.current?.querySelector("button")?.focus();
        }}
      >
        <p>
          Your API's servers send it as <code>key</code> in <code>POST /v1/check</code>; {customer.name} can also open
          the customer page with it to see their usage.
        </p>
      </SecretDialog>

      {keys.isPending ? (
        <Loading label="Loading keys…" />
      ) : keys.isError ? (
        <Alert tone="error" title="The keys could not be loaded.">
          {keys.error.message}
        </Alert>
      ) : keys.data.length === 0 ? (
        <Empty title="No API keys yet">
          <p>Make a key for {customer.name} to call your API with.</p>
        </Empty>
      ) : (
        <TableScroll label={`API keys of ${customer.name} table`}>
          <table className="table" aria-label={`API keys of ${customer.name}`}>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Created</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.id}>
                  <th scope="row">
                    <code>{key.prefix}…</code>
                  </th>
                  <td>{formatDateTime(key.createdAt)}</td>
                  <td>
                    <RevocationStatus revokedAt={key.revokedAt} />
                  </td>
                  <RevokeCell revokedAt={key.revokedAt} name={key.prefix} onRevoke={() => setRevoking(key)} />
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke key ${revoking?.prefix ?? ""}…?`}
        confirmLabel={revoke.isPending ? "Revoking…" : "Revoke key"}
        busy={revoke.isPending}
        onCancel={closeRevoke}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: closeRevoke })}
      >
        <p>Requests with this key are refused from now on. This cannot be undone.</p>
        {revoke.error ? (
          <Alert tone="error" title="The key was not revoked.">
            {errorWords(revoke.error, customer.name)}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
