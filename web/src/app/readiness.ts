// GET /readyz, asked every 5 seconds without a token: whether the config store and the counter store answer,
// for the console's status dot and banner.
import { queryOptions, useQuery } from "@tanstack/react-query";

export const READINESS_REFRESH_MS = 5000;

type StoreState = "ok" | "down";

/** What the last ask found: both stores answer, one or both do not, or the answer named no store. */
export type Readiness =
  | { kind: "ready" }
  | { kind: "stores-down"; configStore: StoreState; counterStore: StoreState }
  | { kind: "unknown"; why: string };

const isStoreState = (value: unknown): value is StoreState => value === "ok" || value === "down";

/** Reads an answer of /readyz: 200, or 503 with each store's state beside the error envelope (CONTRACT §7). */
export function readinessOf(status: number, body: unknown): Readiness {
  const { configStore, counterStore } = (body ?? {}) as { configStore?: unknown; counterStore?: unknown };
  if (status === 200) return { kind: "ready" };
  const named = isStoreState(configStore) && isStoreState(counterStore);
  if (status === 503 && named && (configStore === "down" || counterStore === "down"))
    return { kind: "stores-down", configStore, counterStore };
  // A proxy's 502 or 503, say: the server itself did not tell us about its stores.
  return { kind: "unknown", why: `The server answered ${status}.` };
}

export async function getReadiness(signal?: AbortSignal): Promise<Readiness> {
  let response: Response;
  try {
    response = await fetch("/readyz", { headers: { Accept: "application/json" }, cache: "no-store", signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: "unknown", why: "The server could not be reached." };
  }
  return readinessOf(response.status, await response.json().catch(() => null));
}

export const readinessQueryOptions = () =>
  queryOptions({
    queryKey: ["readiness"],
    queryFn: ({ signal }) => getReadiness(signal),
    refetchInterval: READINESS_REFRESH_MS,
    staleTime: 0,
    // Every answer, 503 included, is a value: a failed ask is said at once, and the next one is 5 seconds away.
    retry: false,
  });

/** The stores' state, or undefined until the first answer. */
export function useReadiness(): Readiness | undefined {
  return useQuery(readinessQueryOptions()).data;
}
