// Whether a webhook URL may be registered (contract section 13): https, or http to loopback for local development;
// never a host that reaches a private or link-local address, unless WEBHOOK_ALLOW_PRIVATE=1.
import { fail, ok, type Result } from "../errors";
import { type AddressKind, addressKind } from "./address";

export type ReceiverRules = {
  /** WEBHOOK_ALLOW_PRIVATE=1: private and link-local addresses are allowed too (a receiver in the same network). */
  allowPrivate: boolean;
  /** Every address a host name resolves to; null where the runtime cannot resolve names (a Worker). */
  addressesOf(host: string): Promise<string[] | null>;
};

/** What the host of a URL reaches: the worst kind among its addresses; null when it does not resolve. */
export async function hostKind(hostname: string, rules: ReceiverRules): Promise<AddressKind | null> {
  const literal = addressKind(hostname);
  if (literal) return literal;
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return "loopback";
  let addresses: string[] | null;
  try {
    addresses = await rules.addressesOf(hostname);
  } catch {
    return null;
  }
  // Without a resolver (a Worker) only literal addresses can be judged; Cloudflare's own egress refuses private ones.
  if (addresses === null) return "public";
  if (addresses.length === 0) return null;
  const kinds = addresses.map((address) => addressKind(address) ?? "private");
  if (kinds.includes("private")) return "private";
  return kinds.every((kind) => kind === "loopback") ? "loopback" : "public";
}

/** Whether an address of this kind may be sent to under these rules. */
export const mayReach = (kind: AddressKind, rules: Pick<ReceiverRules, "allowPrivate">) =>
  kind !== "private" || rules.allowPrivate;

/** The URL as it will be stored, or why it is refused. */
export async function checkReceiverUrl(text: string, rules: ReceiverRules): Promise<Result<string>> {
  // The URL parser drops leading and trailing controls and spaces, and tabs and newlines anywhere: such a URL would be
  // stored as another than the one given, so it is refused instead.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  if (/[\u0000-\u0020\u007f]/.test(text)) {
    return fail("invalid_request", "url must not hold spaces or control characters");
  }
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    return fail("invalid_request", "url must be an absolute https: URL");
  }
  // The URL is listed and audited, where secrets never appear: the signature is what proves the sender.
  if (url.username || url.password) return fail("invalid_request", "url must not hold a user name or password");
  // A name that does not resolve now may be registered before its DNS is live (or from a network without it): it is
  // refused only when it reaches a private address, and every attempt to send checks its addresses again.
  const kind = (await hostKind(url.hostname, rules)) ?? "public";
  if (url.protocol === "http:" && kind !== "loopback") {
    return fail("invalid_request", "url must be https: (http: only to a loopback address, for local development)");
  }
  if (!mayReach(kind, rules)) {
    return fail(
      "invalid_request",
      `url: the host ${url.hostname} reaches a private or link-local address (set WEBHOOK_ALLOW_PRIVATE=1 to allow it)`,
    );
  }
  return ok(url.href);
}
