// A secret (an API key, a token, a webhook's signing secret) shown this once in a modal dialog with a copy button. The
// API never shows it again, so the dialog blocks the page, and Escape, Back or a reload do not take it away: only
// "I have saved the …" does.
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useBlocker } from "react-router";
import { Button } from "./button";

type Props = {
  /** The secret to show; null keeps the dialog closed. */
  secret: string | null;
  title: string;
  /** The label of the box that holds the secret, e.g. "New API key". */
  label: string;
  /** What the secret is called in the buttons and the warning: "key", "token" or "secret". */
  noun: string;
  /** Why it is not shown again: for keys and tokens, Bouncer keeps only a hash. */
  kept?: string;
  /** What the secret is for, under it. */
  children?: ReactNode;
  onDismiss: () => void;
};

export function SecretDialog({
  secret,
  title,
  label,
  noun,
  kept = "Bouncer stores only its hash.",
  children,
  onDismiss,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const dismissed = useRef(false);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const titleId = useId();
  const valueId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (secret && !dialog.open) {
      dismissed.current = false;
      setCopy("idle");
      dialog.showModal();
    }
    if (!secret && dialog.open) {
      dismissed.current = true;
      dialog.close();
    }
  }, [secret]);

  // Back and Forward (the links behind the modal are out of reach) stay on this page while the secret is shown.
  const blocker = useBlocker(secret !== null);
  useEffect(() => {
    if (blocker.state === "blocked") blocker.reset();
  }, [blocker]);

  // Reloading or closing the tab asks first.
  useEffect(() => {
    if (!secret) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [secret]);

  function dismiss() {
    // Closed here, before the caller moves focus: closing gives focus back to where it was before the dialog.
    dismissed.current = true;
    ref.current?.close();
    onDismiss();
  }

  async function copySecret() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopy("copied");
    } catch {
      // The clipboard can be refused (permissions, insecure origin); the secret stays selectable on screen.
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
        // A browser may close a modal on a second Escape whatever the page says; the secret is not saved yet.
        if (!dismissed.current && secret) ref.current?.showModal();
      }}
    >
      {secret ? (
        <>
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <div className="dialog-body">
            <p>
              Copy this {noun} now and keep it safe. <strong>You will not see it again</strong>: {kept}
            </p>
            <div className="field">
              <label htmlFor={valueId} className="field-label">
                {label}
              </label>
              <div className="new-key-row">
                <input
                  id={valueId}
                  className="input input-mono new-key-value"
                  readOnly
                  value={secret}
                  onFocus={(e) => e.target.select()}
                />
                <Button variant="primary" onClick={copySecret}>
                  {copy === "copied" ? "Copied" : `Copy ${noun}`}
                </Button>
              </div>
            </div>
            {copy === "failed" ? (
              <p className="field-error">Copying was refused by the browser: select the {noun} and copy it.</p>
            ) : null}
            {children}
          </div>
          <div className="dialog-actions">
            <Button onClick={dismiss}>I have saved the {noun}</Button>
          </div>
        </>
      ) : null}
    </dialog>,
    document.body,
  );
}
