// Browser-facing defaults: no framing, no sniffing, no referrer, and a Content-Security-Policy that lets the UI
// load only its own files. No CORS headers are ever sent, so other origins cannot read the API from a browser.
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

const common = {
  defaultSrc: ["'self'"],
  // Charts set style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const strict = secureHeaders({
  contentSecurityPolicy: common,
  xFrameOptions: "DENY",
  referrerPolicy: "no-referrer",
});

// The API reference page configures itself with an inline script; nothing else may.
const docs = secureHeaders({
  contentSecurityPolicy: { ...common, scriptSrc: ["'self'", "'unsafe-inline'"], fontSrc: ["'self'", "data:"] },
  xFrameOptions: "DENY",
  referrerPolicy: "no-referrer",
});

export const securityHeaders: MiddlewareHandler = (c, next) =>
  c.req.path === "/docs" ? docs(c, next) : strict(c, next);
