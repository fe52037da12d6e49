// The token routes (contract section 3): make admin and service tokens (shown once), list, revoke.
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../auth";
import type { App, AppDeps } from "../deps";
import { DisplayName } from "../domain/plan";
import { unwrap } from "../errors";
import { errorResponses, jsonBody, jsonContent, security } from "../http";

const tags = ["Tokens"];

const TOKEN_ID = "The token's id (tok_…): use it to revoke the token; the audit log names it as the actor.";
const ROLE = "admin: everything; service: POST /v1/check and GET /v1/customers/{id}/usage only.";

export const TokenCreate = z
  .strictObject({
    name: DisplayName.meta({ description: "What the token is for, 1–100 characters.", example: "billing-svc" }),
    role: z
      .enum(["admin", "service"])
      .default("service")
      .meta({ description: `${ROLE} Default service.`, example: "service" }),
  })
  .meta({
    id: "TokenCreate",
    description: "A new admin or service token.",
    example: { name: "billing-svc", role: "service" },
  });

export const NewToken = z
  .object({
    id: z.string().meta({ description: TOKEN_ID }),
    token: z.string().meta({ description: "The token itself, to send as Bearer: shown this once only." }),
  })
  .meta({
    id: "NewToken",
    description: "A new token, with its secret.",
    example: { id: "tok_9mWq2ZkT4xPb7LcN", token: "qt_…" },
  });

export const Token = z
  .object({
    id: z.string().meta({ description: TOKEN_ID }),
    name: z.string().meta({ description: "What the token is for." }),
    role: z.enum(["admin", "service"]).meta({ description: ROLE }),
    createdAt: z.string().meta({ description: "When the token was made (ISO 8601, UTC).", format: "date-time" }),
    revokedAt: z
      .string()
      .nullable()
      .meta({ description: "When the token was revoked (ISO 8601, UTC); null while it works.", format: "date-time" }),
  })
  .meta({
    id: "Token",
    description: "An admin or service token, without its secret.",
    example: {
      id: "tok_9mWq2ZkT4xPb7LcN",
      name: "billing-svc",
      role: "service",
      createdAt: "2026-11-30T10:00:00.000Z",
      revokedAt: null,
    },
  });

const TokenParam = z.object({
  id: z
    .string()
    .meta({ description: "The token's id (tok_…), not the token itself.", example: "tok_9mWq2ZkT4xPb7LcN" }),
});

export function registerTokens(app: App, { config }: AppDeps) {
  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/tokens",
      operationId: "createToken",
      tags,
      security,
      summary: "Make an admin or service token",
      description:
        "The response is the only time the token is shown; only its hash is kept. A service token may check and read usage only.",
      middleware: [allow("admin"), jsonBody],
      request: { body: { required: true, content: { "application/json": { schema: TokenCreate } } } },
      responses: {
        201: jsonContent(NewToken, "The new token"),
        ...errorResponses(
          "invalid_request",
          "unauthorized",
          "forbidden",
          "payload_too_large",
          "unsupported_media_type",
        ),
      },
    }),
    async (c) => c.json(await config.tokens.create(c.req.valid("json"), c.get("principal").actor), 201),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/tokens",
      operationId: "listTokens",
      tags,
      security,
      summary: "List tokens, without the secrets",
      description:
        "Every token made with POST /v1/tokens, oldest first, revoked ones included. ADMIN_TOKEN is not listed.",
      middleware: [allow("admin")],
      responses: {
        200: jsonContent(z.object({ tokens: z.array(Token) }), "Every token, oldest first"),
        ...errorResponses("unauthorized", "forbidden"),
      },
    }),
    async (c) => c.json({ tokens: await config.tokens.list() }, 200),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/tokens/{id}",
      operationId: "revokeToken",
      tags,
      security,
      summary: "Revoke a token",
      description: "Stops working at once on this server, and within CONFIG_CACHE_TTL_MS on every other.",
      middleware: [allow("admin")],
      request: { params: TokenParam },
      responses: { 204: { description: "Revoked" }, ...errorResponses("unauthorized", "forbidden", "not_found") },
    }),
    async (c) => {
      unwrap(await config.tokens.revoke(c.req.valid("param").id, c.get("principal").actor));
      return c.body(null, 204);
    },
  );
}
