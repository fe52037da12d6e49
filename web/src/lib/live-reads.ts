// Live numbers (contract section 10: refreshed at least every 2 seconds) are read every LIVE_REFRESH_MS from when the
// last read started. TanStack Query starts its refetchInterval timer again at every change of the query, its answer
// among them, so a plain interval reads LIVE_REFRESH_MS after the last answer: with answers of 0.9 s, every 2.4 s.
import { hashKey, type Query, type QueryFunctionContext, type QueryKey } from "@tanstack/react-query";
import { LIVE_REFRESH_MS } from "./quota";

/** When each live query's last read started, by its hash. */
const started = new Map<string, number>();

/** A query's read that notes when it starts. */
export function liveRead<T, K extends QueryKey>(read: (context: QueryFunctionContext<K>) => Promise<T>) {
  return (context: QueryFunctionContext<K>): Promise<T> => {
    started.set(hashKey(context.queryKey), Date.now());
    return read(context);
  };
}

/**
 * refetchInterval for live numbers: what is left of LIVE_REFRESH_MS since the last read started, at once when none
 * is. While a read is out the timer is set again when it answers, so it waits a whole period meanwhile rather than
 * ticking to no effect.
 */
export function untilNextRead(query: Pick<Query, "queryHash" | "state">): number {
  const at = started.get(query.queryHash);
  if (at === undefined || query.state.fetchStatus === "fetching") return LIVE_REFRESH_MS;
  return Math.max(1, at + LIVE_REFRESH_MS - Date.now());
}
