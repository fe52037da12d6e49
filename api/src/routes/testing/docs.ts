// Issue 9: every route, parameter and field in /openapi.json is described, and every schema's example is valid.
// Over a RouteTarget: in process (docs.test.ts) and on the Worker (entry/worker-routes.workerd.test.ts).
import { beforeAll, describe, expect, test } from "vitest";
import type { ZodType } from "zod";
import { CheckRequest } from "../../check/read-request";
import { Customer, CustomerCreate, CustomerPatch, Overrides } from "../../domain/customer";
import { Plan, PlanCreate, PlanPatch } from "../../domain/plan";
import { ErrorSchema } from "../../errors";
import type { RouteTarget } from "../../test-support";
import { AuditEntry } from "../audit";
import { CheckResponse, LimitEntrySchema } from "../check";
import { KeyListing, NewKey } from "../keys";
import { LiveUsage } from "../live";
import { Me } from "../me";
import { Refunded } from "../refund";
import { NewToken, Token, TokenCreate } from "../tokens";
import { Daily, History, Usage } from "../usage";

type Schema = {
  $ref?: string;
  description?: string;
  example?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { name: string; in: string; description?: string; example?: unknown; schema?: Schema };
type Operation = { summary?: string; description?: string; parameters?: Parameter[] };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

/** The zod schema behind each component, so its documented example can be checked against the real validation. */
const ZOD: Record<string, ZodType> = {
  Plan,
  PlanCreate,
  PlanPatch,
  Customer,
  CustomerCreate,
  CustomerPatch,
  Overrides,
  Error: ErrorSchema,
  CheckRequest,
  CheckResponse,
  LimitEntry: LimitEntrySchema,
  Usage,
  UsageHistory: History,
  UsageDaily: Daily,
  LiveUsage,
  Refunded,
  Me,
  NewApiKey: NewKey,
  ApiKey: KeyListing,
  TokenCreate,
  NewToken,
  Token,
  AuditEntry,
};

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

/** Every property below `schema` (through nested objects, array items and unions) that has no description. */
function undescribed(schema: Schema, at: string): string[] {
  if (schema.$ref) return [];
  const found: string[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = `${at}.${name}`;
    if (!property.$ref && !property.description?.trim()) found.push(path);
    found.push(...undescribed(property, path));
  }
  if (schema.items) found.push(...undescribed(schema.items, `${at}[]`));
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    found.push(...undescribed(branch, at));
  }
  return found;
}

export function describeOpenApiDocument(target: RouteTarget) {
  describe("/openapi.json documents everything", () => {
    let doc: Doc;
    beforeAll(async () => {
      const res = await (await target.fresh()).call("GET", "/openapi.json", { token: null });
      expect(res.status).toBe(200);
      doc = res.json;
    });

    test("every operation has a summary and a description", () => {
      const missing: string[] = [];
      for (const { name, op } of operations(doc)) {
        if (!op.summary?.trim()) missing.push(`${name}: summary`);
        if (!op.description?.trim()) missing.push(`${name}: description`);
      }
      expect(operations(doc).length).toBeGreaterThanOrEqual(20);
      expect(missing).toEqual([]);
    });

    test("every parameter has a description and an example", () => {
      const missing: string[] = [];
      for (const { name, op } of operations(doc)) {
        for (const p of op.parameters ?? []) {
          const where = `${name}: ${p.in} parameter ${p.name}`;
          if (!p.description?.trim()) missing.push(`${where}: description`);
          if (p.example === undefined && p.schema?.example === undefined) missing.push(`${where}: example`);
        }
      }
      expect(missing).toEqual([]);
    });

    test("every component schema has an example, naming at least its required properties", () => {
      const missing: string[] = [];
      for (const [name, schema] of Object.entries(doc.components.schemas)) {
        if (schema.example === undefined) {
          missing.push(`${name}: example`);
          continue;
        }
        const example = (schema.example ?? {}) as Record<string, unknown>;
        for (const field of schema.required ?? []) if (!(field in example)) missing.push(`${name}.example: ${field}`);
      }
      expect(Object.keys(doc.components.schemas).length).toBeGreaterThanOrEqual(20);
      expect(missing).toEqual([]);
    });

    test("every property of every component schema has a description, unless it is a $ref", () => {
      const missing = Object.entries(doc.components.schemas).flatMap(([name, schema]) => undescribed(schema, name));
      expect(missing).toEqual([]);
    });

    test("every component schema's example passes its own zod schema", () => {
      const unknown = Object.keys(doc.components.schemas).filter((name) => !(name in ZOD));
      expect(unknown, "components with no zod schema listed in this test").toEqual([]);
      const invalid: string[] = [];
      for (const [name, zod] of Object.entries(ZOD)) {
        const schema = doc.components.schemas[name];
        expect(schema, `component ${name} is in the document`).toBeDefined();
        const result = zod.safeParse(schema?.example);
        if (!result.success) invalid.push(`${name}: ${result.error.issues.map((i) => i.message).join("; ")}`);
      }
      expect(invalid).toEqual([]);
    });

    test("request body examples are what the routes accept: PlanCreate, CustomerCreate, CheckRequest", () => {
      expect(PlanCreate.safeParse(doc.components.schemas.PlanCreate?.example).success).toBe(true);
      expect(CustomerCreate.safeParse(doc.components.schemas.CustomerCreate?.example).success).toBe(true);
      expect(CheckRequest.safeParse(doc.components.schemas.CheckRequest?.example).success).toBe(true);
      // The field examples, put together, make a valid body too.
      const fromFields = (name: string) =>
        Object.fromEntries(
          Object.entries(doc.components.schemas[name]?.properties ?? {})
            .filter(([, p]) => p.example !== undefined)
            .map(([field, p]) => [field, p.example]),
        );
      expect(PlanCreate.safeParse(fromFields("PlanCreate")).success).toBe(true);
      expect(PlanPatch.safeParse(fromFields("PlanPatch")).success).toBe(true);
      expect(CustomerCreate.safeParse(fromFields("CustomerCreate")).success).toBe(true);
      expect(TokenCreate.safeParse(fromFields("TokenCreate")).success).toBe(true);
    });
  });
}
