// Live numbers (contract section 10: refreshed at least every 2 seconds) are read every LIVE_REFRESH_MS from when the
// last read started. TanStack Query starts its refetchInterval timer again at every change of the query, its answer
// among them, so a plain interval reads LIVE_REFRESH_MS after the last answer: with answers of 0.9 s, every 2.4 s.
import { hashKey, type Query, type QueryFunctionContext, type QueryKey } from "@tanstack/react-query";
import { ApiError, isApiError } from "./api-client";
import { LIVE_REFRESH_MS } from "./quota";

/**
 * A live read not answered within this long is given up, so that the page says its numbers could not be read rather
 * than go on showing the last ones as live while a request hangs.
 */
export const LIVE_READ_TIMEOUT_MS = 5000;

/** When each live query's last read started, by its hash. */
const started = new Map<string, number>();

/** A query's read that notes when it starts, and gives up after LIVE_READ_TIMEOUT_MS. */
export function liveRead<T, K extends QueryKey>(read: (context: QueryFunctionContext<K>) => Promise<T>) {
  return async (context: QueryFunctionContext<K>): Promise<T> => {
    started.set(hashKey(context.queryKey), Date.now());
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), LIVE_READ_TIMEOUT_MS);
    try {
      return await read({ ...context, signal: AbortSignal.any([context.signal, timeout.signal]) });
    } catch (error) {
      if (!timeout.signal.aborted || context.signal.aborted) throw error;
      throw new ApiError(0, "timeout", `The server did not answer within ${LIVE_READ_TIMEOUT_MS / 1000} seconds.`);
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * refetchInterval for live numbers: what is left of LIVE_REFRESH_MS since the last read started, at once when none
 * is; none after a 404. While a read is out the timer is set again when it answers, so it waits a whole period meanwhile rather than
 * ticking to no effect.
 */
export function untilNextRead(query: Pick<Query, "queryHash" | "state">): number | false {
  // What it reads is gone (a customer deleted while its page is open): reading on would only be told so again.
  if (isApiError(query.state.error, "not_found")) return false;
  const at = started.get(query.queryHash);
  if (at === undefined || query.state.fetchStatus === "fetching") return LIVE_REFRESH_MS;
  return Math.max(1, at + LIVE_REFRESH_MS - Date.now());
}

/** A live query's read and when it is read again, to spread into its options: `...liveQuery(({ signal }) => …)`. */
export const liveQuery = <T, K extends QueryKey>(read: (context: QueryFunctionContext<K>) => Promise<T>) => ({
  queryFn: liveRead(read),
  refetchInterval: untilNextRead,
  staleTime: 0,
});
