// How a Node server reaches receivers: names resolved with the system's resolver, and each attempt sent to the address
// that was checked, so a name that resolves to a public address when registered and to a private one later (DNS
// rebinding) is refused at the moment of sending. The Worker's version is network.worker.ts.
import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { addressKind } from "./address";
import { mayReach } from "./receiver-url";

export type Attempt = {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE=1. */
  allowPrivate: boolean;
};

/** The receiver's HTTP status, or null with why there was none (refused, unreachable, too slow). */
export type Outcome = { status: number | null; error?: string };

type Resolve = (host: string) => Promise<LookupAddress[]>;

const resolveAll: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/** Every address the name resolves to. */
export const addressesOf = async (host: string): Promise<string[] | null> =>
  (await resolveAll(host)).map((found) => found.address);

/**
 * The socket's resolver: it refuses a name any of whose addresses may not be reached, and connects to the addresses it
 * checked, so that no second lookup can answer otherwise. `resolve` is the system's, unless a test gives its own.
 */
export const checkedLookup =
  (allowPrivate: boolean, resolve: Resolve = resolveAll): LookupFunction =>
  (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const refused = found.find((a) => !mayReach(addressKind(a.address) ?? "private", { allowPrivate }));
        if (refused || found.length === 0) {
          callback(new Error(`${hostname} resolves to ${refused?.address ?? "nothing"}, which may not be reached`), "");
          return;
        }
        const wanted = options.family === 6 || options.family === 4 ? options.family : 0;
        const usable = wanted ? found.filter((a) => a.family === wanted) : found;
        if (options.all) callback(null, usable);
        else callback(null, usable[0]?.address ?? "", usable[0]?.family ?? 4);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };

export async function send({ url, body, headers, timeoutMs, allowPrivate }: Attempt): Promise<Outcome> {
  const target = new URL(url);
  // A literal address is never looked up: it is judged here instead.
  const literal = addressKind(target.hostname);
  if (literal && !mayReach(literal, { allowPrivate })) {
    return { status: null, error: `${target.hostname} may not be reached` };
  }
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<Outcome>((resolve) => {
    const req = request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        lookup: checkedLookup(allowPrivate),
      },
      (res) => {
        clearTimeout(timer);
        // The answer's body is not read: its status says all, and a receiver that sends much costs us nothing.
        res.destroy();
        resolve({ status: res.statusCode ?? null });
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on("error", (error) => {
      clearTimeout(timer);
      resolve({ status: null, error: error.message });
    });
    req.end(body);
  });
}
