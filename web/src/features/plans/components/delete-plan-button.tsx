// Delete a plan after a confirmation. While customers use it the API refuses (409) and its answer names the first of
// them, found through an index: the dialog then says so and offers nothing to confirm. Nothing is read beforehand, as
// the customers list would have to be read whole to find who is on one plan.
import { useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { isApiError } from "../../../lib/api-client";
import type { Plan } from "../../../lib/domain";
import { humanize } from "../../../lib/limit-input";
import { useDeletePlan } from "../api/delete-plan";

type Props = { plan: Plan; onDeleted: (plan: Plan) => void };

export function DeletePlanButton({ plan, onDeleted }: Props) {
  const [open, setOpen] = useState(false);
  const remove = useDeletePlan();
  const inUse = isApiError(remove.error, "conflict") ? remove.error : null;
  // The refusal takes the button pressed away: the keyboard goes to the words that say why.
  const refusalRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (inUse) refusalRef.current?.focus();
  }, [inUse]);

  function close() {
    setOpen(false);
    remove.reset();
  }
  function confirm() {
    remove.mutate(
      { id: plan.id, version: plan.version },
      {
        onSuccess: () => {
          close();
          onDeleted(plan);
        },
      },
    );
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
        title={inUse ? `Plan ${plan.name} is in use` : `Delete plan ${plan.name}?`}
        confirmLabel={remove.isPending ? "Deleting…" : "Delete plan"}
        busy={remove.isPending}
        onCancel={close}
        onConfirm={inUse ? undefined : confirm}
      >
        {inUse ? (
          <p ref={refusalRef} tabIndex={-1}>
            {humanize(inUse.message)}: on Customers, Manage each and change its Plan.
          </p>
        ) : (
          <p>
            Deleting <code>{plan.id}</code> cannot be undone. While customers are on it, it is not deleted, and you are
            told who they are.
          </p>
        )}
        {remove.error && !inUse ? (
          <Alert tone="error" title="The plan was not deleted.">
            {isApiError(remove.error, "precondition_failed")
              ? "Someone changed it since this page read it. The table shows it as it is now: delete again to delete it as it is."
              : isApiError(remove.error)
                ? humanize(remove.error.message)
                : "Something went wrong."}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
