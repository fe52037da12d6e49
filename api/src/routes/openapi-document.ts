// The document /openapi.json serves: the generator's, with what it cannot write from the routes' schemas: each
// request body in place in its operation, and the X-Request-Id header that every answer carries.
import type { App } from "../deps";
import type { HeaderDoc } from "../http";

type Document = ReturnType<App["getOpenAPI31Document"]>;
/** The document's own fields, as OpenAPI 3.1 has them. */
export type DocumentConfig = Omit<Document, "paths" | "components" | "webhooks">;

type Operation = {
  requestBody?: { $ref: string } | { content: Record<string, { schema?: unknown }> };
  responses?: Record<string, { $ref: string } | { headers?: Record<string, unknown> }>;
};

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
const SCHEMAS = "#/components/schemas/";

/** What request-id.ts sends on every answer, the check's and the errors' included. */
const REQUEST_ID: HeaderDoc = {
  description:
    "This request's id, also in the error envelope and the server's log: the caller's own X-Request-Id when it is a short token of letters, digits, _, - and =, otherwise a new UUID.",
  required: true,
  schema: { type: "string" },
  example: "0b7c2f9e-6a4d-4c1b-9f3e-2d8a7c6b5e41",
};

function operationsOf(document: Document): Operation[] {
  return Object.values(document.paths ?? {}).flatMap((item) =>
    METHODS.flatMap((method) => (item[method] ? [item[method] as Operation] : [])),
  );
}

/**
 * Each request body's schema where its operation is, rather than a $ref to components/schemas. The generator writes
 * `required` as zod parses a body (a field with a default is not required) and its `default` beside it; but a
 * generated client takes a component for something the server sends, where a default is always there:
 * openapi-typescript, by default, makes every field with a default required in a component, and only in a request
 * body reads it as input. So PlanCreate would need all twelve of its fields, and a check its cost.
 */
function bodiesInPlace(document: Document): void {
  const schemas = document.components?.schemas ?? {};
  const moved = new Set<string>();
  for (const { requestBody } of operationsOf(document)) {
    if (!requestBody || "$ref" in requestBody) continue;
    for (const media of Object.values(requestBody.content)) {
      const ref = (media.schema as { $ref?: string } | undefined)?.$ref;
      const name = ref?.startsWith(SCHEMAS) ? ref.slice(SCHEMAS.length) : undefined;
      if (name === undefined || !schemas[name]) continue;
      media.schema = schemas[name];
      moved.add(name);
    }
  }
  // A schema a response or another schema also names stays a component; the others are in their operations now.
  const text = JSON.stringify(document);
  for (const name of moved) if (!text.includes(JSON.stringify(SCHEMAS + name))) delete schemas[name];
}

/** X-Request-Id declared once, as a component, and named by every response of every operation. */
function everyAnswerCarries(document: Document, name: string, ref: { $ref: string }): void {
  for (const { responses } of operationsOf(document)) {
    for (const response of Object.values(responses ?? {})) {
      if (!("$ref" in response)) response.headers = { ...response.headers, [name]: ref };
    }
  }
}

/** The document of the routes on `app`, made when first asked: the generator's, then the passes above. */
export function documentOf(app: App, config: DocumentConfig): () => Document {
  const { name, ref } = app.openAPIRegistry.registerComponent("headers", "X-Request-Id", REQUEST_ID);
  // Made at the first request, when every route is registered, and then kept: the routes do not change after.
  let document: Document | undefined;
  return () => {
    if (document) return document;
    // The framework types the 3.1 generator's config as 3.0's, where a license has no identifier; it is copied as is.
    document = app.getOpenAPI31Document(config as Parameters<App["getOpenAPI31Document"]>[0]);
    bodiesInPlace(document);
    everyAnswerCarries(document, name, ref);
    return document;
  };
}
