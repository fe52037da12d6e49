// The API's rule for an endpoint's URL (contract section 13), in the form's words: https, or http to a loopback address
// for local development. Whether the host resolves to a private address only the server can tell.

const LOOPBACK_HOST = /^(127(\.\d{1,3}){3}|localhost|\[::1\])$/i;

export function webhookUrlError(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return "Give the URL events are sent to";
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return "Give a whole URL, such as https://billing.example.com/hooks";
  }
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && LOOPBACK_HOST.test(url.hostname)) return undefined;
  return "Use https://, or http:// to this machine (127.0.0.1, localhost) for local development";
}
