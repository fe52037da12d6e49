// The API key routes (contract section 4): make a customer's key (shown once), list keys, revoke one.
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../auth";
import type { App, AppDeps } from "../deps";
import { unwrap } from "../errors";
import { BY_ID_ERRORS, errorResponses, jsonContent, noBody, security } from "../http";
import { CustomerParam } from "./id-param";
import { registerRevoke, secretTimes } from "./secret-routes";

const tags = ["API keys"];

const KEY_ID = "The key's id (key_…): use it to revoke the key.";
const KEY_PREFIX = "The key's first characters, to tell keys apart without the secret.";

export const NewKey = z
  .object({
    id: z.string().meta({ description: KEY_ID }),
    prefix: z.string().meta({ description: KEY_PREFIX }),
    key: z.string().meta({
      description: "The key itself, for the customer's client to present: shown this once only; only its hash is kept.",
    }),
  })
  .meta({
    id: "NewApiKey",
    description: "A new customer API key, with its secret.",
    example: { id: "key_3kTq9ZrW1mXc8PaL", prefix: "qk_Hx7fK2pQ", key: "qk_Hx7fK2pQ…" },
  });

export const KeyListing = z
  .object({
    id: z.string().meta({ description: KEY_ID }),
    prefix: z.string().meta({ description: KEY_PREFIX }),
    ...secretTimes("key"),
  })
  .meta({
    id: "ApiKey",
    description: "A customer API key, without its secret.",
    example: {
      id: "key_3kTq9ZrW1mXc8PaL",
      prefix: "qk_Hx7fK2pQ",
      createdAt: "2026-11-30T10:00:00.000Z",
      revokedAt: null,
    },
  });

export function registerKeys(app: App, { config }: AppDeps) {
  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/customers/{id}/keys",
      operationId: "createApiKey",
      tags,
      security,
      summary: "Make an API key for a customer",
      description:
        "The response is the only time the key is shown; only its hash is kept. The customer's client presents it to your API, which passes it to /v1/check.",
      middleware: [allow("admin"), noBody],
      request: { params: CustomerParam },
      responses: {
        201: jsonContent(NewKey, "The new key"),
        ...errorResponses(...BY_ID_ERRORS),
      },
    }),
    async (c) => c.json(unwrap(await config.keys.create(c.req.valid("param").id, c.get("principal").actor)), 201),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/customers/{id}/keys",
      operationId: "listApiKeys",
      tags,
      security,
      summary: "List a customer's API keys, without the secrets",
      description: "Every key of the customer, oldest first, revoked ones included.",
      middleware: [allow("admin")],
      request: { params: CustomerParam },
      responses: {
        200: jsonContent(z.object({ keys: z.array(KeyListing) }), "The customer's keys, oldest first"),
        ...errorResponses("unauthorized", "forbidden", "not_found"),
      },
    }),
    async (c) => {
      const keys = unwrap(await config.keys.list(c.req.valid("param").id));
      return c.json(
        { keys: keys.map(({ id, prefix, createdAt, revokedAt }) => ({ id, prefix, createdAt, revokedAt })) },
        200,
      );
    },
  );

  registerRevoke(app, {
    path: "/v1/keys/{id}",
    operationId: "revokeApiKey",
    tags,
    summary: "Revoke an API key",
    id: { description: "The API key's id (key_…), not the key itself.", example: "key_3kTq9ZrW1mXc8PaL" },
    revoke: config.keys.revoke,
  });
}
