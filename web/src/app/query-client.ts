// The TanStack Query client: no retries for answers the API gave on purpose, a few for network trouble.
import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/api-client";

/** Only failures that may pass by themselves are worth trying again: the network and 5xx. */
const worthRetrying = (failures: number, error: unknown) =>
  failures < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: worthRetrying, refetchOnWindowFocus: true, staleTime: 1000 },
      mutations: { retry: false },
    },
  });
}

declare module "@tanstack/react-query" {
  interface Register {
    /** Which bearer a query used, so a 401 ends the right session. */
    queryMeta: { bearer?: "admin" | "customer" };
  }
}
