// The served /openapi.json as the document suites read it: its shape, its operations, and their request bodies.
import { expect } from "vitest";
import type { RouteHost } from "../../testing/test-app";

export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  example?: unknown;
  default?: unknown;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
export type Header = { $ref?: string; description?: string; required?: boolean; schema?: Schema };
export type Response = { description?: string; headers?: Record<string, Header> };
export type Parameter = { name: string; in: string; description?: string; example?: unknown; schema?: Schema };
export type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
};
export type Doc = {
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; headers?: Record<string, Header> };
};

/** The document a fresh service of `target` serves, to a caller with no bearer. */
export async function servedDocument(target: RouteHost): Promise<Doc> {
  const res = await (await target.fresh()).call("GET", "/openapi.json", { token: null });
  expect(res.status).toBe(200);
  return res.json;
}

/** Every operation, named as "POST /v1/check". */
export const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

/** The operation with this operationId. */
export function operation(doc: Doc, id: string): Operation {
  const found = operations(doc).find(({ op }) => op.operationId === id)?.op;
  expect(found, `an operation ${id}`).toBeDefined();
  return found as Operation;
}

/** The JSON body's schema of each operation that takes one, by operationId. */
export const bodies = (doc: Doc): [string, Schema][] =>
  operations(doc).flatMap(({ name, op }) => {
    const schema = op.requestBody?.content["application/json"]?.schema;
    return schema ? [[op.operationId ?? name, schema]] : [];
  });
