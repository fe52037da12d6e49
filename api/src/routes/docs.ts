// The OpenAPI 3.1 document, generated from the zod schemas that validate requests, and interactive docs over it.
// The docs' script is served by the service itself: /docs works with no network beyond it.
import { Scalar } from "@scalar/hono-api-reference";
import { scalarScript } from "#scalar-script";
import type { App } from "../deps";

const SCALAR_SCRIPT = "/docs/scalar.js";

export function registerDocs(app: App) {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "An admin token, a service token, or a customer API key (qk_…), as contract section 3 allows.",
  });
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Bouncer",
      version: "0.1.0",
      description:
        "Plans and quotas for APIs: rate limits exact across many servers, visible to customers, safe when Redis goes down.",
    },
  });
  // On a Worker there is no script to read here: the static assets serve it (entry/worker.ts).
  const script = scalarScript;
  if (script) {
    app.get(SCALAR_SCRIPT, (c) =>
      c.body(script(), 200, {
        "content-type": "text/javascript; charset=utf-8",
        "cache-control": "public, max-age=86400",
      }),
    );
  }
  app.get(
    "/docs",
    Scalar({
      url: "/openapi.json",
      pageTitle: "Bouncer API",
      cdn: SCALAR_SCRIPT,
      // Nothing that calls out to Scalar's own services: the page works offline and within the CSP.
      withDefaultFonts: false,
      hideClientButton: true,
      agent: { disabled: true },
      showDeveloperTools: "never",
      telemetry: false,
    }),
  );
}
