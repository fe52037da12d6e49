// Make a token: a name and a role. The new token opens in a dialog; once it is dismissed, focus returns to Name.
import { type FormEvent, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { isApiError } from "../../../lib/api-client";
import { useCreateToken } from "../api/create-token";
import type { TokenRole } from "../api/get-tokens";
import { type CreatedToken, NewTokenDialog } from "./new-token-dialog";
import { tokenNameError } from "./token-name";

const ROLE_HINTS: Record<TokenRole, string> = {
  service: "Checks requests and reads a customer's usage, nothing else: for your API's servers.",
  admin: "Everything this console does, plans, customers, keys and tokens included.",
};

export function TokenCreateForm() {
  const create = useCreateToken();
  const [name, setName] = useState("");
  const [role, setRole] = useState<TokenRole>("service");
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  const nameError = tokenNameError(name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (nameError) {
      nameRef.current?.focus();
      return;
    }
    const input = { name: name.trim(), role };
    const made = await create.mutateAsync(input).catch(() => null);
    if (!made) return;
    setName("");
    setRole("service");
    setTouched(false);
    setSubmitted(false);
    setCreated({ ...made, ...input });
  }

  return (
    <>
      <form className="form" aria-label="New token" noValidate onSubmit={submit}>
        {create.error ? (
          <Alert tone="error" title="No token was made.">
            {isApiError(create.error) ? create.error.message : "Something went wrong."}
          </Alert>
        ) : null}
        <div className="form-row">
          <Field label="Name" error={submitted || touched ? nameError : undefined} hint="What the token is for.">
            {(props) => (
              <input
                {...props}
                ref={nameRef}
                className="input"
                autoComplete="off"
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  setTouched(true);
                }}
                onBlur={() => setTouched(true)}
              />
            )}
          </Field>
          <Field label="Role" hint={ROLE_HINTS[role]}>
            {(props) => (
              <select {...props} className="input" value={role} onChange={(e) => setRole(e.target.value as TokenRole)}>
                <option value="service">Service</option>
                <option value="admin">Admin</option>
              </select>
            )}
          </Field>
          <div className="form-row-action">
            <Button type="submit" variant="primary" disabled={create.isPending}>
              {create.isPending ? "Making token…" : "Make token"}
            </Button>
          </div>
        </div>
      </form>
      <NewTokenDialog
        created={created}
        onDismiss={() => {
          setCreated(null);
          nameRef.current?.focus();
        }}
      />
    </>
  );
}
