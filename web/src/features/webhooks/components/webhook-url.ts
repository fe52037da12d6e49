// The API's rule for an endpoint's URL (contract section 13), in the form's words: https, or http to a loopback address
// for local development. Whether the host resolves to a private address only the server can tell.
import { formatCount } from "../../../lib/format";

const LOOPBACK_HOST = /^(127(\.\d{1,3}){3}|([a-z0-9-]+\.)*localhost|\[::1\])$/i;
const URL_MAX = 2048;

export function webhookUrlError(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return "Give the URL events are sent to";
  if (trimmed.length > URL_MAX) return `Use at most ${formatCount(URL_MAX)} characters`;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return "Give a whole URL, such as https://billing.example.com/hooks";
  }
  // The URL is listed and audited, where secrets never appear: the signature is what proves the sender.
  if (url.username || url.password) return "Leave the user name and password out: the signature proves the sender";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && LOOPBACK_HOST.test(url.hostname)) return undefined;
  return "Use https://, or http:// to this machine (127.0.0.1, localhost) for local development";
}
