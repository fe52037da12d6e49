// The OpenAPI 3.1 document, generated from the zod schemas that validate requests, and interactive docs over it.
// The docs' script is served by the service itself: /docs works with no network beyond it.
import { scalarScript } from "#scalar-script";
import type { App } from "../deps";
import { documentOf } from "./openapi-document";

const SCALAR_SCRIPT = "/docs/scalar.js";
const DOCS_SETTINGS = "/docs/settings.js";
const JAVASCRIPT = "text/javascript; charset=utf-8";

/** Scalar's settings: nothing that calls out to Scalar's own services, so the page works offline. */
const SETTINGS = {
  url: "/openapi.json",
  withDefaultFonts: false,
  hideClientButton: true,
  agent: { disabled: true },
  showDeveloperTools: "never",
  telemetry: false,
};
const SETTINGS_SCRIPT = `Scalar.createApiReference("#app", ${JSON.stringify(SETTINGS)});\n`;

// The page loads the reference's script, then its settings, each a file of this server's: no inline script, so /docs
// keeps the policy of every other page (script-src 'self'). Scalar's page for Hono (@scalar/hono-api-reference)
// configured it inline, and needs Node 22.
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>Bouncer API</title>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
  </head>
  <body>
    <div id="app"></div>
    <script src="${SCALAR_SCRIPT}"></script>
    <script src="${DOCS_SETTINGS}"></script>
  </body>
</html>
`;

const TAGS = [
  {
    name: "Check",
    description:
      "For backend services: check one request against every limit of its caller and count it; give back what a request that then failed downstream took.",
  },
  {
    name: "Usage",
    description:
      "Where a customer's limits stand and its checks over time, read without consuming: for admins, for services, and for customers themselves (/v1/me).",
  },
  { name: "Plans", description: "The limits customers get, unless their overrides change them. Admin only." },
  { name: "Customers", description: "Who calls your API, on which plan, with which overrides. Admin only." },
  {
    name: "API keys",
    description:
      "Customers' keys, which their clients present to your API and your API passes to /v1/check. Admin only.",
  },
  { name: "Tokens", description: "Admin and service bearer tokens for this API. Admin only." },
  {
    name: "Webhooks",
    description:
      "Endpoints that receive events (usage.threshold), signed as Standard Webhooks say, and their deliveries. Admin only.",
  },
  { name: "Audit", description: "Every change made through the API. Admin only." },
];

export function registerDocs(app: App) {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "An admin token, a service token, or a customer API key (qk_…), as contract section 3 allows.",
  });
  const document = documentOf(app, {
    openapi: "3.1.0",
    info: {
      title: "Bouncer",
      version: "0.1.0",
      description:
        "Plans and quotas for APIs: rate limits exact across many servers, visible to customers, safe when Redis goes down.",
      // No licence is granted: the package is private, and the repository has none.
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [
      // Relative: whatever host and port a reader fetched this document from, behind a proxy too.
      { url: "/", description: "The server this document was read from" },
      { url: "http://127.0.0.1:8787", description: "The local default (npm start)" },
    ],
    tags: TAGS,
  });
  app.get("/openapi.json", (c) => c.json(document()));
  // On a Worker there is no script to read here: the static assets serve it (entry/worker.ts).
  const script = scalarScript;
  if (script) {
    app.get(SCALAR_SCRIPT, (c) =>
      c.body(script(), 200, {
        "content-type": JAVASCRIPT,
        "cache-control": "public, max-age=86400",
      }),
    );
  }
  app.get(DOCS_SETTINGS, (c) => c.body(SETTINGS_SCRIPT, 200, { "content-type": JAVASCRIPT }));
  app.get("/docs", (c) => c.html(PAGE));
}
