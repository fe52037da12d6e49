// Component tests as a signed-in admin: the session's token and a fetch mock in place of the network for each test,
// all undone after it, and the providers the console's admin pages render in.
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, type Mock, vi } from "vitest";
import { AdminSessionProvider } from "../app/admin-session";
import { createQueryClient } from "../app/query-client";

/** Registers the hooks that sign the admin in and make `fetchMock` answer every request of each test. */
export function signInWithFetch(fetchMock: Mock<typeof fetch>) {
  beforeEach(() => {
    sessionStorage.setItem("bouncer.adminToken", "admin-token");
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });
}

export function renderAsAdmin(ui: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminSessionProvider>{ui}</AdminSessionProvider>
    </QueryClientProvider>,
  );
}
