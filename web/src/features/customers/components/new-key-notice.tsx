// A new API key, shown this once with a copy button: the API keeps only its hash.
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import type { NewKey } from "../api/create-key";

export function NewKeyNotice({ created, onDismiss }: { created: NewKey; onDismiss: () => void }) {
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const id = useId();

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopy("copied");
    } catch {
      // The clipboard can be refused (permissions, insecure origin); the key stays selectable on screen.
      setCopy("failed");
    }
  }

  return (
    <div className="new-key" role="status">
      <label htmlFor={id} className="new-key-title">
        New API key
      </label>
      <p className="new-key-warning">
        Copy this key now and keep it safe. <strong>You will not see it again</strong>: Bouncer stores only its hash.
      </p>
      <div className="new-key-row">
        <input
          id={id}
          className="input input-mono new-key-value"
          readOnly
          value={created.key}
          onFocus={(e) => e.target.select()}
        />
        <Button variant="primary" onClick={copyKey}>
          {copy === "copied" ? "Copied" : "Copy key"}
        </Button>
      </div>
      {copy === "failed" ? (
        <p className="field-error">Copying was refused by the browser: select the key and copy it.</p>
      ) : null}
      <Button onClick={onDismiss}>I have saved the key</Button>
    </div>
  );
}
