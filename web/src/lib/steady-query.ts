// A query that has no data goes back to pending at every read, and its error with it (TanStack Query's fetch state): a
// live panel opened while the counter store is down showed "Reading usage…" for each read's time and the error
// between reads, every 1.5 s. Through this, a page keeps showing the last error until a read succeeds.
import type { UseQueryResult } from "@tanstack/react-query";
import { useRef } from "react";

export function useSteadyQuery<T, E>(query: UseQueryResult<T, E>): UseQueryResult<T, E> {
  const lastError = useRef<{ error: E } | null>(null);
  if (query.isError) lastError.current = { error: query.error };
  else if (query.isSuccess) lastError.current = null;
  const failed = lastError.current;
  if (!query.isPending || failed === null) return query;
  return {
    ...query,
    status: "error",
    isPending: false,
    isError: true,
    isLoadingError: true,
    error: failed.error,
  } as UseQueryResult<T, E>;
}
