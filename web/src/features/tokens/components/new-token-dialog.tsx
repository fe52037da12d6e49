// A new token, shown this once in a modal dialog with a copy button. The API keeps only its hash, so the dialog
// blocks the page, and Escape, Back or a reload do not take it away: only "I have saved the token" does.
import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useBlocker } from "react-router";
import { Button } from "../../../components/ui/button";
import type { NewToken } from "../api/create-token";
import type { TokenRole } from "../api/get-tokens";

export type CreatedToken = NewToken & { name: string; role: TokenRole };

export function NewTokenDialog({ created, onDismiss }: { created: CreatedToken | null; onDismiss: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const dismissed = useRef(false);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const titleId = useId();
  const valueId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (created && !dialog.open) {
      dismissed.current = false;
      setCopy("idle");
      dialog.showModal();
    }
    if (!created && dialog.open) {
      dismissed.current = true;
      dialog.close();
    }
  }, [created]);

  // Back and Forward (the links behind the modal are out of reach) stay on this page while the token is shown.
  const blocker = useBlocker(created !== null);
  useEffect(() => {
    if (blocker.state === "blocked") blocker.reset();
  }, [blocker]);

  // Reloading or closing the tab asks first.
  useEffect(() => {
    if (!created) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [created]);

  function dismiss() {
    // Closed here, before the caller moves focus: closing gives focus back to where it was before the dialog.
    dismissed.current = true;
    ref.current?.close();
    onDismiss();
  }

  async function copyToken() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      setCopy("copied");
    } catch {
      // The clipboard can be refused (permissions, insecure origin); the token stays selectable on screen.
      setCopy("failed");
    }
  }

  return createPortal(
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => event.preventDefault()}
      onClose={() => {
        // A browser may close a modal on a second Escape whatever the page says; the token is not saved yet.
        if (!dismissed.current && created) ref.current?.showModal();
      }}
    >
      {created ? (
        <>
          <h2 id={titleId} className="dialog-title">
            New {created.role} token “{created.name}”
          </h2>
          <div className="dialog-body">
            <p>
              Copy this token now and keep it safe. <strong>You will not see it again</strong>: Bouncer stores only its
              hash.
            </p>
            <div className="field">
              <label htmlFor={valueId} className="field-label">
                New token
              </label>
              <div className="new-key-row">
                <input
                  id={valueId}
                  className="input input-mono new-key-value"
                  readOnly
                  value={created.token}
                  onFocus={(e) => e.target.select()}
                />
                <Button variant="primary" onClick={copyToken}>
                  {copy === "copied" ? "Copied" : "Copy token"}
                </Button>
              </div>
            </div>
            {copy === "failed" ? (
              <p className="field-error">Copying was refused by the browser: select the token and copy it.</p>
            ) : null}
            <p>
              Send it as <code>Authorization: Bearer &lt;token&gt;</code>.{" "}
              {created.role === "service"
                ? "It may check requests and read a customer's usage, nothing else."
                : "It may do everything, as ADMIN_TOKEN does."}
            </p>
          </div>
          <div className="dialog-actions">
            <Button onClick={dismiss}>I have saved the token</Button>
          </div>
        </>
      ) : null}
    </dialog>,
    document.body,
  );
}
