// The document /openapi.json serves: the generator's, with what it cannot write from the routes' schemas: each
// request body in place in its operation, and the headers that every answer carries (X-Request-Id and the
// security headers of security-headers.ts).
import type { App } from "../deps";
import type { HeaderDoc } from "../http";
import { API_SECURITY_HEADERS } from "../security-headers";

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

/** Why each security header every /v1 answer carries is there; its value is always the one shown. */
const SECURITY_HEADER_WHY: Record<string, string> = {
  "X-Content-Type-Options": "Browsers take the body for what Content-Type says, never sniff another type.",
  "X-Frame-Options": "No page may frame the answer.",
  "Referrer-Policy": "Links followed from the answer send no referrer.",
  "Content-Security-Policy": "A browser that opens the answer loads nothing and frames nothing from it.",
};

const securityHeaderDocs = (): Record<string, HeaderDoc> =>
  Object.fromEntries(
    Object.entries(API_SECURITY_HEADERS).map(([name, value]) => [
      name,
      {
        description: `${SECURITY_HEADER_WHY[name] ?? "A security header."} Always ${value}.`,
        required: true,
        schema: { type: "string" },
        example: value,
      },
    ]),
  );

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

/** Headers declared once each, as components, and named by every response of every operation. */
function everyAnswerCarries(document: Document, refs: Record<string, { $ref: string }>): void {
  for (const { responses } of operationsOf(document)) {
    for (const response of Object.values(responses ?? {})) {
      if (!("$ref" in response)) response.headers = { ...response.headers, ...refs };
    }
  }
}

/** The document of the routes on `app`, made when first asked: the generator's, then the passes above. */
export function documentOf(app: App, config: DocumentConfig): () => Document {
  const refs: Record<string, { $ref: string }> = {};
  for (const [header, doc] of Object.entries({ "X-Request-Id": REQUEST_ID, ...securityHeaderDocs() })) {
    const { name, ref } = app.openAPIRegistry.registerComponent("headers", header, doc);
    refs[name] = ref;
  }
  // Made at the first request, when every route is registered, and then kept: the routes do not change after.
  let document: Document | undefined;
  return () => {
    if (document) return document;
    // The framework types the 3.1 generator's config as 3.0's, where a license has no identifier; it is copied as is.
    document = app.getOpenAPI31Document(config as Parameters<App["getOpenAPI31Document"]>[0]);
    bodiesInPlace(document);
    everyAnswerCarries(document, refs);
    return document;
  };
}
