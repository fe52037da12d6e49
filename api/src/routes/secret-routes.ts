// What the routes of bearers' secrets (API keys, tokens; contract sections 3 and 4) share: the revoke route, and the
// times a listing shows.
import { createRoute, z } from "@hono/zod-openapi";
import { allow } from "../auth";
import type { App } from "../deps";
import { type Result, unwrap } from "../errors";
import { BY_ID_ERRORS, errorResponses, noBody, security } from "../http";

/** When a secret was made and revoked, as its listing shows them; `what` is `key` or `token`. */
export const secretTimes = (what: string) => ({
  createdAt: z.string().meta({ description: `When the ${what} was made (ISO 8601, UTC).`, format: "date-time" }),
  revokedAt: z
    .string()
    .nullable()
    .meta({ description: `When the ${what} was revoked (ISO 8601, UTC); null while it works.`, format: "date-time" }),
});

export type RevokeRoute = {
  /** Where one secret is, by its id (`/v1/keys/{id}`). */
  path: string;
  operationId: string;
  tags: string[];
  summary: string;
  /** The `{id}` parameter's words and example. */
  id: { description: string; example: string };
  revoke(id: string, actor: string): Promise<Result<unknown>>;
};

/** DELETE of one secret by its id: it stops working at once here, and on other servers as their caches learn it. */
export function registerRevoke(app: App, { path, operationId, tags, summary, id, revoke }: RevokeRoute) {
  app.openapi(
    createRoute({
      method: "delete",
      path,
      operationId,
      tags,
      security,
      summary,
      description: "Stops working at once on this server, and within CONFIG_CACHE_TTL_MS on every other.",
      middleware: [allow("admin"), noBody],
      request: { params: z.object({ id: z.string().meta(id) }) },
      responses: {
        204: { description: "Revoked" },
        ...errorResponses(...BY_ID_ERRORS),
      },
    }),
    async (c) => {
      unwrap(await revoke(c.req.valid("param").id, c.get("principal").actor));
      return c.body(null, 204);
    },
  );
}
