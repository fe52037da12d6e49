// Delete a plan after a confirmation; while customers use the plan the API refuses (409) and says why.
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { isApiError } from "../../../lib/api-client";
import type { Plan } from "../../../lib/domain";
import { useDeletePlan } from "../api/delete-plan";

export function DeletePlanButton({ plan }: { plan: Plan }) {
  const [open, setOpen] = useState(false);
  const remove = useDeletePlan();

  function close() {
    setOpen(false);
    remove.reset();
  }

  return (
    <>
      <Button
        variant="ghost"
        className="btn-danger-text"
        onClick={() => setOpen(true)}
        aria-label={`Delete ${plan.name}`}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete plan ${plan.name}?`}
        confirmLabel={remove.isPending ? "Deleting…" : "Delete plan"}
        busy={remove.isPending}
        onCancel={close}
        onConfirm={() => remove.mutate({ id: plan.id, version: plan.version }, { onSuccess: close })}
      >
        <p>
          Checks for customers on <code>{plan.id}</code> will fail once it is gone. This cannot be undone.
        </p>
        {remove.error ? (
          <Alert tone="error" title="The plan was not deleted.">
            {isApiError(remove.error) ? remove.error.message : "Something went wrong."}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
