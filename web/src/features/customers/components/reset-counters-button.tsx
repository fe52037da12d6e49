// Reset a customer's counters after a confirmation that says what a reset does and what it keeps.
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import type { Customer } from "../../../lib/domain";
import { useResetCounters } from "../api/reset-counters";
import { errorWords } from "./error-words";

type Props = { customer: Customer; onReset: () => void };

export function ResetCountersButton({ customer, onReset }: Props) {
  const [open, setOpen] = useState(false);
  const reset = useResetCounters(customer.id);

  function close() {
    setOpen(false);
    reset.reset();
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>Reset counters</Button>
      <ConfirmDialog
        open={open}
        title={`Reset the counters of ${customer.name}?`}
        confirmLabel={reset.isPending ? "Resetting…" : "Reset counters"}
        busy={reset.isPending}
        onCancel={close}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              close();
              onReset();
            },
          })
        }
      >
        <p>
          Every limit of {customer.name} starts afresh now: what it used this minute, hour, day, week and month is
          forgotten, so it has its full limits again at once. Its plan, overrides and keys stay, and so does its history
          of checks. The reset is written to the audit log. It cannot be undone.
        </p>
        {reset.error ? (
          <Alert tone="error" title="The counters were not reset.">
            {errorWords(reset.error, customer.name)}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
