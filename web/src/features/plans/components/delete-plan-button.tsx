// Delete a plan after a confirmation. While customers use it the API refuses (409), so the dialog says who they are
// and offers nothing to confirm; the customers list, read when the dialog opens, tells.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useAdminToken } from "../../../app/admin-session";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { isApiError } from "../../../lib/api-client";
import type { Plan } from "../../../lib/domain";
import { humanize } from "../../../lib/limit-input";
import { customersQueryOptions } from "../../customers/api/get-customers";
import { useDeletePlan } from "../api/delete-plan";
import { namesText, usersOf } from "./plan-users";

type Props = { plan: Plan; onDeleted: (plan: Plan) => void };

export function DeletePlanButton({ plan, onDeleted }: Props) {
  const [open, setOpen] = useState(false);
  const remove = useDeletePlan();
  // Read afresh on each opening: a customer moved a moment ago on another page must not hold the plan.
  const customers = useQuery({ ...customersQueryOptions(useAdminToken()), enabled: open, staleTime: 0 });
  const users = customers.data ? usersOf(customers.data, plan.id) : null;
  const inUse = users !== null && users.length > 0;

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
        // A customer moved onto the plan since the list was read: read it again, so the dialog names them.
        onError: (error) => isApiError(error, "conflict") && void customers.refetch(),
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
          <p>
            {users.length === 1 ? "1 customer is" : `${users.length} customers are`} on <code>{plan.id}</code>:{" "}
            {namesText(users.map((c) => c.name))}. It cannot be deleted until{" "}
            {users.length === 1 ? "it moves" : "they move"} to another plan: on Customers, Manage each and change its
            Plan.
          </p>
        ) : (
          <p>
            {users === null ? "" : "No customer uses it. "}Deleting <code>{plan.id}</code> cannot be undone.
          </p>
        )}
        {remove.error ? (
          <Alert tone="error" title="The plan was not deleted.">
            {isApiError(remove.error) ? humanize(remove.error.message) : "Something went wrong."}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
