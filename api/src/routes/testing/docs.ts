// Issue 9: every route, parameter and field in /openapi.json is described, and every schema's example is valid; then
// issue 26's suite (docs-for-clients.ts). Over a RouteHost: in process (docs.test.ts) and on the Worker
// (entry/worker-routes.workerd.test.ts).
import { beforeAll, describe, expect, test } from "vitest";
import type { ZodType } from "zod";
import { CheckRequest } from "../../check/read-request";
import { CheckResponse, LimitEntry } from "../../domain/check-response";
import { Customer, CustomerCreate, CustomerPatch, Overrides } from "../../domain/customer";
import { Plan, PlanCreate, PlanPatch } from "../../domain/plan";
import { UsageThresholdEvent, WebhookTestEvent } from "../../domain/webhook-events";
import { ErrorSchema } from "../../errors";
import type { RouteHost } from "../../testing/test-app";
import { AuditEntry } from "../audit";
import { KeyListing, NewKey } from "../keys";
import { LeaseEnded, ReleaseRequest, SettleRequest } from "../leases";
import { Me } from "../me";
import { Refunded } from "../refund";
import { NewToken, Token, TokenCreate } from "../tokens";
import { Daily, History, Usage } from "../usage";
import { ExportRows } from "../usage-export";
import { LiveUsage } from "../usage-page";
import { WebhookDelivery } from "../webhook-deliveries";
import { NewWebhook, Webhook, WebhookCreate, WebhookTest } from "../webhooks";
import { describeDocumentForClients } from "./docs-for-clients";
import { bodies, type Doc, operations, type Schema, servedDocument } from "./openapi-doc";

/** The zod schema behind each component, so its documented example can be checked against the real validation. */
const ZOD: Record<string, ZodType> = {
  Plan,
  Customer,
  Overrides,
  Error: ErrorSchema,
  CheckResponse,
  LimitEntry: LimitEntry,
  Usage,
  UsageHistory: History,
  UsageDaily: Daily,
  UsageExport: ExportRows,
  LiveUsage,
  Refunded,
  LeaseEnded,
  Me,
  NewApiKey: NewKey,
  ApiKey: KeyListing,
  NewToken,
  Token,
  NewWebhook,
  Webhook,
  WebhookTest,
  WebhookDelivery,
  UsageThresholdEvent,
  WebhookTestEvent,
  AuditEntry,
};

/** The zod schema that reads each operation's JSON body, by operationId: the bodies are in place, not components. */
const BODIES: Record<string, ZodType> = {
  createPlan: PlanCreate,
  updatePlan: PlanPatch,
  createCustomer: CustomerCreate,
  updateCustomer: CustomerPatch,
  check: CheckRequest,
  refund: CheckRequest,
  release: ReleaseRequest,
  settle: SettleRequest,
  createToken: TokenCreate,
  createWebhook: WebhookCreate,
};

/** Every schema a reader meets by name: the components, and each operation's body. */
const named = (doc: Doc): [string, Schema][] => [
  ...Object.entries(doc.components.schemas),
  ...bodies(doc).map(([id, schema]): [string, Schema] => [`${id} body`, schema]),
];

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

export function describeOpenApiDocument(target: RouteHost) {
  describe("/openapi.json documents everything", () => {
    let doc: Doc;
    beforeAll(async () => {
      doc = await servedDocument(target);
    });

    test("the events sent to webhook endpoints are under webhooks, each with its body and its signing headers", () => {
      type Hook = {
        post: {
          parameters: { name: string; in: string }[];
          requestBody: { content: Record<string, { schema: { $ref: string } }> };
        };
      };
      const hooks = (doc as unknown as { webhooks: Record<string, Hook> }).webhooks;
      expect(Object.keys(hooks).sort()).toEqual(["usage.threshold", "webhook.test"]);
      for (const [type, component] of [
        ["usage.threshold", "UsageThresholdEvent"],
        ["webhook.test", "WebhookTestEvent"],
      ] as const) {
        const post = hooks[type]?.post;
        expect(post?.requestBody.content["application/json"]?.schema.$ref, type).toBe(
          `#/components/schemas/${component}`,
        );
        expect(post?.parameters.map((p) => `${p.in} ${p.name}`).sort(), type).toEqual([
          "header webhook-id",
          "header webhook-signature",
          "header webhook-timestamp",
        ]);
      }
    });

    test("an audit entry's fields are all required: each is always sent, before and after as null when there is none", () => {
      const entry = doc.components.schemas.AuditEntry as Schema & { required?: string[] };
      expect([...(entry.required ?? [])].sort()).toEqual(Object.keys(entry.properties ?? {}).sort());
    });

    test("the export's Content-Disposition names the file by the format asked for", () => {
      type Op = { responses: Record<string, { headers: Record<string, { description: string }> }> };
      const get = (doc as unknown as { paths: Record<string, { get: Op }> }).paths["/v1/usage/export"]?.get;
      const description = get?.responses["200"]?.headers["Content-Disposition"]?.description ?? "";
      expect(description).toContain(".csv");
      expect(description).toContain(".json");
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

    test("every component schema and request body has an example, naming at least its required properties", () => {
      const missing: string[] = [];
      for (const [name, schema] of named(doc)) {
        if (schema.example === undefined) {
          missing.push(`${name}: example`);
          continue;
        }
        const example = (schema.example ?? {}) as Record<string, unknown>;
        for (const field of schema.required ?? []) if (!(field in example)) missing.push(`${name}.example: ${field}`);
      }
      expect(Object.keys(doc.components.schemas).length).toBeGreaterThanOrEqual(15);
      expect(bodies(doc).length).toBeGreaterThanOrEqual(7);
      expect(missing).toEqual([]);
    });

    test("every property of every component schema and request body has a description, unless it is a $ref", () => {
      const missing = named(doc).flatMap(([name, schema]) => undescribed(schema, name));
      expect(missing).toEqual([]);
    });

    test("every component schema's and request body's example passes its own zod schema", () => {
      const unknown = Object.keys(doc.components.schemas).filter((name) => !(name in ZOD));
      expect(unknown, "components with no zod schema listed in this test").toEqual([]);
      const unread = bodies(doc).filter(([id]) => !(id in BODIES));
      expect(unread, "request bodies with no zod schema listed in this test").toEqual([]);
      const invalid: string[] = [];
      const schemas = Object.fromEntries(bodies(doc));
      for (const [name, zod, schema] of [
        ...Object.entries(ZOD).map(([name, zod]) => [name, zod, doc.components.schemas[name]] as const),
        ...Object.entries(BODIES).map(([id, zod]) => [`${id} body`, zod, schemas[id]] as const),
      ]) {
        expect(schema, `${name} is in the document`).toBeDefined();
        const result = zod.safeParse(schema?.example);
        if (!result.success) invalid.push(`${name}: ${result.error.issues.map((i) => i.message).join("; ")}`);
      }
      expect(invalid).toEqual([]);
    });

    test("the field examples of a body, put together, make a body the route accepts", () => {
      const schemas = Object.fromEntries(bodies(doc));
      const fromFields = (id: string) =>
        Object.fromEntries(
          Object.entries(schemas[id]?.properties ?? {})
            .filter(([, p]) => p.example !== undefined)
            .map(([field, p]) => [field, p.example]),
        );
      expect(PlanCreate.safeParse(fromFields("createPlan")).success).toBe(true);
      expect(PlanPatch.safeParse(fromFields("updatePlan")).success).toBe(true);
      expect(CustomerCreate.safeParse(fromFields("createCustomer")).success).toBe(true);
      expect(TokenCreate.safeParse(fromFields("createToken")).success).toBe(true);
    });
  });
  describeDocumentForClients(target);
}
