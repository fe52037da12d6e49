// The token routes (contract section 3): make admin and service tokens (shown once), list, revoke.
import { createRoute, z } from "@hono/zod-openapi";
import type { App, AppDeps } from "../app";
import { allow } from "../auth";
import { DisplayName } from "../domain/plan";
import { unwrap } from "../errors";
import { errorResponses, jsonBody, jsonContent, security } from "../http";

const tags = ["Tokens"];

const TokenCreate = z
  .strictObject({
    name: DisplayName.meta({ example: "billing-svc" }),
    role: z.enum(["admin", "service"]).default("service").meta({ description: "service: checks and usage only." }),
  })
  .meta({ id: "TokenCreate", example: { name: "billing-svc", role: "service" } });

const NewToken = z
  .object({ id: z.string(), token: z.string().meta({ description: "The token itself: shown this once only." }) })
  .meta({ id: "NewToken", example: { id: "tok_9mWq2ZkT4xPb7LcN", token: "qt_…" } });

const Token = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.enum(["admin", "service"]),
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: "Token" });

export function registerTokens(app: App, { config }: AppDeps) {
  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/tokens",
      tags,
      security,
      summary: "Make an admin or service token",
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
      tags,
      security,
      summary: "List tokens, without the secrets",
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
      tags,
      security,
      summary: "Revoke a token",
      middleware: [allow("admin")],
      request: { params: z.object({ id: z.string() }) },
      responses: { 204: { description: "Revoked" }, ...errorResponses("unauthorized", "forbidden", "not_found") },
    }),
    async (c) => {
      unwrap(await config.tokens.revoke(c.req.valid("param").id, c.get("principal").actor));
      return c.body(null, 204);
    },
  );
}
