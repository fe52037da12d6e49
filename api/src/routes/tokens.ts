// The token routes (contract section 3): make admin and service tokens (shown once), list, revoke.
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../auth";
import type { App, AppDeps } from "../deps";
import { DisplayName } from "../domain/plan";
import { unwrap } from "../errors";
import { errorResponses, jsonBody, jsonContent, security } from "../http";
import { registerRevoke, secretTimes } from "./secret-routes";

const tags = ["Tokens"];

const TOKEN_ID = "The token's id (tok_…): use it to revoke the token; the audit log names it as the actor.";
const ROLE =
  "admin: everything; service: POST /v1/check, /v1/refund, /v1/settle and /v1/release, and GET /v1/customers/{id}/usage, only.";

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
    ...secretTimes("token"),
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
    async (c) => c.json(unwrap(await config.tokens.create(c.req.valid("json"), c.get("principal").actor)), 201),
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

  registerRevoke(app, {
    path: "/v1/tokens/{id}",
    operationId: "revokeToken",
    tags,
    summary: "Revoke a token",
    id: { description: "The token's id (tok_…), not the token itself.", example: "tok_9mWq2ZkT4xPb7LcN" },
    revoke: config.tokens.revoke,
  });
}
