// The OpenAPI 3.1 document, generated from the zod schemas that validate requests, and interactive docs over it.
import { Scalar } from "@scalar/hono-api-reference";
import type { App } from "../app";

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
  app.get("/docs", Scalar({ url: "/openapi.json", pageTitle: "Bouncer API" }));
}
