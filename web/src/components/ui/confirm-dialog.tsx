// A modal question before a destructive action; the native <dialog> gives focus trapping and Escape for free.
import { type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { Button } from "./button";

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  busy?: boolean;
  /** Absent when there is nothing to confirm (the action would be refused): the dialog only tells, then closes. */
  onConfirm?: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({ open, title, children, confirmLabel, busy, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Rendered into <body>: inside a table cell it would inherit the cell's alignment and no-wrap.
  return createPortal(
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      <div className="dialog-body">{children}</div>
      <div className="dialog-actions">
        <Button onClick={onCancel} disabled={busy}>
          {onConfirm ? "Cancel" : "Close"}
        </Button>
        {onConfirm ? (
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        ) : null}
      </div>
    </dialog>,
    document.body,
  );
}
