// The customer page at /usage: paste an API key, then watch plan, limits and the last hour live.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { Brand } from "../../../components/ui/brand";
import { Button } from "../../../components/ui/button";
import { ThemeControl } from "../../../components/ui/theme-control";
import { usePageTitle } from "../../../lib/page-title";
import { useSessionValue } from "../../../lib/session-value";
import { KeyForm } from "./key-form";
import { UsageDashboard } from "./usage-dashboard";

export function UsagePage() {
  const queryClient = useQueryClient();
  const [apiKey, setApiKey] = useSessionValue("bouncer.apiKey");
  const [notice, setNotice] = useState<string | null>(null);
  usePageTitle("Your API usage");

  const forget = useCallback(
    (message: string | null) => {
      setApiKey(null);
      setNotice(message);
      queryClient.removeQueries({ queryKey: ["me"] });
    },
    [setApiKey, queryClient],
  );

  return (
    <div className="customer-shell">
      <header className="customer-header">
        <Brand sub="Usage" />
        <div className="customer-header-tools">
          <ThemeControl />
          {apiKey ? (
            <Button variant="ghost" onClick={() => forget(null)}>
              Use another key
            </Button>
          ) : null}
        </div>
      </header>
      <main className="customer-main">
        <h1 className="page-title">Your API usage</h1>
        {apiKey ? (
          <UsageDashboard apiKey={apiKey} onKeyRefused={forget} />
        ) : (
          <>
            <p className="page-lede">See your plan, how much of each limit you have used, and when it resets.</p>
            <KeyForm
              key={notice ?? ""}
              notice={notice}
              onAccepted={(key) => {
                setNotice(null);
                setApiKey(key);
              }}
            />
          </>
        )}
      </main>
    </div>
  );
}
