// The OpenAPI 3.1 document, generated from the zod schemas that validate requests, and interactive docs over it.
// The docs' script is served from this process: /docs works with no network beyond the service itself.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Scalar } from "@scalar/hono-api-reference";
import type { App } from "../app";

const SCALAR_SCRIPT = "/docs/scalar.js";
let scalarScript: string | undefined;

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
  app.get(SCALAR_SCRIPT, (c) => {
    // Read once, on first use: 3.5 MB that most processes never serve.
    scalarScript ??= readFileSync(
      createRequire(import.meta.url).resolve("@scalar/api-reference/browser/standalone.js"),
      "utf8",
    );
    return c.body(scalarScript, 200, {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=86400",
    });
  });
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
