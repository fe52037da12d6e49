// Delete a customer after a confirmation, as the admin read it: a customer changed meanwhile is left for a second look.
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { isApiError } from "../../../lib/api-client";
import type { Customer } from "../../../lib/domain";
import { useDeleteCustomer } from "../api/delete-customer";
import { errorWords } from "./error-words";

type Props = { customer: Customer; onDeleted: () => void; onStale: () => void };

export function DeleteCustomerButton({ customer, onDeleted, onStale }: Props) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteCustomer();

  function close() {
    setOpen(false);
    remove.reset();
  }

  function confirm() {
    remove.mutate(
      { id: customer.id, version: customer.version },
      {
        onSuccess: onDeleted,
        onError: (error) => {
          if (!isApiError(error, "precondition_failed")) return;
          close();
          onStale();
        },
      },
    );
  }

  return (
    <>
      <Button variant="ghost" className="btn-danger-text" onClick={() => setOpen(true)}>
        Delete customer
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete customer ${customer.name}?`}
        confirmLabel={remove.isPending ? "Deleting…" : "Delete customer"}
        busy={remove.isPending}
        onCancel={close}
        onConfirm={confirm}
      >
        <p>
          Its API keys are deleted with it: from now on checks with them are refused as unknown keys (403), and the
          customer page no longer opens with them. Its usage history goes too (the export lists only customers that
          exist: export its month first if you bill from it). Its entries in the audit log stay. This cannot be undone.
        </p>
        {remove.error ? (
          <Alert tone="error" title="The customer was not deleted.">
            {errorWords(remove.error, customer.name)}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
