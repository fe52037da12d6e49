// How a Worker reaches receivers: workerd resolves no names for us (no node:dns lookup), so only a URL's literal
// address can be judged, at registration and at each attempt; a name is sent to through fetch, whose egress
// (Cloudflare's) does not reach the private network the Worker runs beside. network.ts is the Node version.
import { addressKind } from "./address";
import type { Attempt, Outcome } from "./network";
import { mayReach } from "./receiver-url";

/** No resolver on a Worker: null, so that only literal addresses are judged. */
export const addressesOf = async (_host: string): Promise<string[] | null> => null;

export async function send({ url, body, headers, timeoutMs, allowPrivate }: Attempt): Promise<Outcome> {
  const literal = addressKind(new URL(url).hostname);
  if (literal && !mayReach(literal, { allowPrivate })) return { status: null, error: "address may not be reached" };
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body,
      // A redirect could lead anywhere, a private address included: it is an answer that is not 2xx.
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    return { status: res.status };
  } catch (error) {
    return { status: null, error: error instanceof Error ? error.message : String(error) };
  }
}
