// The customer pastes an API key; it is checked with GET /v1/me before the page uses it.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { meQueryOptions } from "../api/get-me";
import { keyProblem } from "./key-messages";

type Props = { notice: string | null; onAccepted: (apiKey: string) => void };

export function KeyForm({ notice, onAccepted }: Props) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(notice);
  const [checking, setChecking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const apiKey = value.trim();
    if (apiKey === "") {
      setProblem("Paste your API key first");
      return;
    }
    setChecking(true);
    setProblem(null);
    try {
      queryClient.removeQueries({ queryKey: ["me"] });
      await queryClient.fetchQuery(meQueryOptions(apiKey));
      onAccepted(apiKey);
    } catch (error) {
      setProblem(keyProblem(error).message);
    } finally {
      setChecking(false);
    }
  }

  return (
    <form className="form key-form" aria-label="Your key" noValidate onSubmit={submit}>
      <Field label="API key" hint="It starts with qk_. It stays in this browser tab and is never put in a link.">
        {(props) => (
          <input
            {...props}
            className="input input-mono"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setProblem(null);
            }}
          />
        )}
      </Field>
      {problem ? (
        <Alert tone="error" title={problem}>
          {problem === notice ? <p>It may have been revoked. Ask whoever gave you the key for a new one.</p> : null}
        </Alert>
      ) : null}
      <Button type="submit" variant="primary" disabled={checking}>
        {checking ? "Checking…" : "Show my usage"}
      </Button>
    </form>
  );
}
