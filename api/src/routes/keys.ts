// The API key routes (contract section 4): make a customer's key (shown once), list keys, revoke one.
import { createRoute, z } from "@hono/zod-openapi";
import type { App, AppDeps } from "../app";
import { allow } from "../auth";
import { unwrap } from "../errors";
import { errorResponses, jsonContent, security } from "../http";

const tags = ["API keys"];

const NewKey = z
  .object({
    id: z.string(),
    prefix: z.string(),
    key: z.string().meta({ description: "The key itself: shown this once only." }),
  })
  .meta({ id: "NewApiKey", example: { id: "key_3kTq9ZrW1mXc8PaL", prefix: "qk_Hx7fK2pQ", key: "qk_Hx7fK2pQ…" } });

const KeyListing = z
  .object({ id: z.string(), prefix: z.string(), createdAt: z.string(), revokedAt: z.string().nullable() })
  .meta({
    id: "ApiKey",
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
      tags,
      security,
      summary: "Make an API key for a customer",
      description: "The response is the only time the key is shown; only its hash is kept.",
      middleware: [allow("admin")],
      request: { params: z.object({ id: z.string() }) },
      responses: {
        201: jsonContent(NewKey, "The new key"),
        ...errorResponses("unauthorized", "forbidden", "not_found"),
      },
    }),
    async (c) => c.json(unwrap(await config.keys.create(c.req.valid("param").id, c.get("principal").actor)), 201),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/customers/{id}/keys",
      tags,
      security,
      summary: "List a customer's API keys, without the secrets",
      middleware: [allow("admin")],
      request: { params: z.object({ id: z.string() }) },
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

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/keys/{id}",
      tags,
      security,
      summary: "Revoke an API key",
      description: "Stops working at once on this server, and within CONFIG_CACHE_TTL_MS on every other.",
      middleware: [allow("admin")],
      request: { params: z.object({ id: z.string() }) },
      responses: { 204: { description: "Revoked" }, ...errorResponses("unauthorized", "forbidden", "not_found") },
    }),
    async (c) => {
      unwrap(await config.keys.revoke(c.req.valid("param").id, c.get("principal").actor));
      return c.body(null, 204);
    },
  );
}
