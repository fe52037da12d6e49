// Browser-facing defaults: no framing, no sniffing, no referrer, and a Content-Security-Policy that lets the UI
// load only its own files. No CORS headers are ever sent, so other origins cannot read the API from a browser.
import type { MiddlewareHandler } from "hono";

const csp = [
  "default-src 'self'",
  // The API reference too: its settings are a script of its own (routes/docs.ts), never inline.
  "script-src 'self'",
  // Charts set style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const common: [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
  ["Referrer-Policy", "no-referrer"],
];

const pages: [string, string][] = [
  ...common,
  ["Content-Security-Policy", csp],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Strict-Transport-Security", "max-age=15552000; includeSubDomains"],
];

// JSON is never rendered, so the API's answers need only the few headers that stop a browser doing so, and none is
// kept by a cache on the way: some hold a secret shown once (a new token, key or webhook secret), others a customer's
// usage.
const api: [string, string][] = [
  ...common,
  ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
  ["Cache-Control", "no-store"],
];

/** The API's headers as a plain object, for a route that builds its response itself (the check). */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.fromEntries(api);

/** Sets the headers before the route runs, so they join its response rather than rewriting it afterwards. */
export const securityHeaders: MiddlewareHandler = (c, next) => {
  const path = c.req.path;
  const headers = path.startsWith("/v1/") ? api : pages;
  for (const [name, value] of headers) c.header(name, value);
  return next();
};
