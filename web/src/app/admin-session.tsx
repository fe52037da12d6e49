// The admin's token for this browser tab, and signing in and out; every admin query reads its bearer from here.
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { ApiError } from "../lib/api-client";
import { useSessionValue } from "../lib/session-value";

type AdminSession = {
  token: string | null;
  /** Why the last session ended when the admin did not end it (the token stopped working). */
  endedBecause: string | null;
  signIn(token: string): void;
  signOut(): void;
};

const Context = createContext<AdminSession | null>(null);

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useSessionValue("bouncer.adminToken");
  const [endedBecause, setEndedBecause] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const signIn = useCallback(
    (next: string) => {
      setEndedBecause(null);
      setToken(next);
    },
    [setToken],
  );
  const signOut = useCallback(() => {
    setToken(null);
    // Nothing one admin read may be shown to whoever signs in next in this tab.
    queryClient.clear();
  }, [setToken, queryClient]);

  // A token revoked while in use makes every admin read fail with 401: end the session and say why.
  useEffect(() => {
    if (!token) return;
    return queryClient.getQueryCache().subscribe((event) => {
      const error = event.query.state.error;
      if (event.query.meta?.bearer === "admin" && error instanceof ApiError && error.status === 401) {
        setEndedBecause("Your token stopped working. Sign in again.");
        signOut();
      }
    });
  }, [token, queryClient, signOut]);

  const value = useMemo(() => ({ token, endedBecause, signIn, signOut }), [token, endedBecause, signIn, signOut]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useAdminSession(): AdminSession {
  const session = useContext(Context);
  if (!session) throw new Error("useAdminSession is used outside AdminSessionProvider");
  return session;
}

/** The bearer of admin queries; only rendered once signed in, so it is always there. */
export function useAdminToken(): string {
  const { token } = useAdminSession();
  if (!token) throw new Error("useAdminToken is used before sign-in");
  return token;
}
