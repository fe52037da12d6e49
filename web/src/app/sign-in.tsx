// The admin console's door: an admin token, checked against the API before it is kept for this tab.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Alert } from "../components/ui/alert";
import { Brand } from "../components/ui/brand";
import { Button } from "../components/ui/button";
import { Field } from "../components/ui/field";
import { ThemeControl } from "../components/ui/theme-control";
import { plansQueryOptions } from "../features/plans/api/get-plans";
import { ApiError } from "../lib/api-client";
import { usePageTitle } from "../lib/page-title";
import { useAdminSession } from "./admin-session";

function problemOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return "This token is not valid.";
  if (error instanceof ApiError && error.status === 403)
    return "This token may not use the admin console: it is not an admin token.";
  return error instanceof Error ? error.message : "Something went wrong.";
}

export function SignIn() {
  usePageTitle("Sign in");
  const { signIn, endedBecause } = useAdminSession();
  const queryClient = useQueryClient();
  const [token, setToken] = useState("");
  const [problem, setProblem] = useState<string | null>(endedBecause);
  const [checking, setChecking] = useState(false);
  const tokenInput = useRef<HTMLInputElement>(null);

  // The one thing to do here is type the token, also after signing out (the Sign out button is gone).
  useEffect(() => tokenInput.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = token.trim();
    if (value === "") {
      setProblem("Enter your admin token.");
      return;
    }
    setChecking(true);
    setProblem(null);
    try {
      // Reading the plans proves the token is an admin's, and fills the first page's data.
      await queryClient.fetchQuery(plansQueryOptions(value));
      flushSync(() => signIn(value));
      // The form that held the keyboard is gone: it starts again at the console's content, not the page's body.
      document.getElementById("content")?.focus();
    } catch (error) {
      setProblem(problemOf(error));
      setChecking(false);
    }
  }

  return (
    <main className="sign-in">
      <div className="sign-in-card">
        <div className="sign-in-head">
          <Brand />
          <ThemeControl />
        </div>
        <h1 className="sign-in-title">Sign in to the admin console</h1>
        <div className="page-lede sign-in-help">
          <p>
            The first time, use the bootstrap admin token: the value of the <code>ADMIN_TOKEN</code> environment
            variable this server was started with.
          </p>
          <p>
            Once signed in, make further admin tokens, and service tokens for your backends to call the check with, on
            the console's Tokens page.
          </p>
        </div>
        <form className="form" aria-label="Sign in" noValidate onSubmit={submit}>
          <Field label="Token" hint="Kept in this browser tab only, until you sign out or close it.">
            {(props) => (
              <input
                {...props}
                ref={tokenInput}
                className="input input-mono"
                type="password"
                autoComplete="current-password"
                spellCheck={false}
                value={token}
                onChange={(e) => {
                  setToken(e.target.value);
                  setProblem(null);
                }}
              />
            )}
          </Field>
          {problem ? <Alert tone="error" title={problem} /> : null}
          <Button type="submit" variant="primary" disabled={checking}>
            {checking ? "Signing in…" : "Sign in"}
          </Button>
        </form>
        <p className="sign-in-foot">
          A customer? <a href="/usage">See your usage</a>.
        </p>
      </div>
    </main>
  );
}
