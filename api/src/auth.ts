// Authentication and roles (contract section 3): 401 for a missing or unknown bearer, 403 for the wrong role.
import { createMiddleware } from "hono/factory";
import type { Config, Principal } from "./config";
import { ApiError } from "./errors";

export type AuthEnv = { Variables: { principal: Principal } };

// No real token is longer; a longer header is refused before it is hashed.
const MAX_BEARER = 256;

function bearerOf(header: string | undefined): string | null {
  const match = header?.match(/^Bearer +(\S+) *$/i);
  const token = match?.[1];
  return token && token.length <= MAX_BEARER ? token : null;
}

/** Resolves the bearer to a principal, or answers 401. */
export const authenticate = (config: Config) =>
  createMiddleware<AuthEnv>(async (c, next) => {
    const bearer = bearerOf(c.req.header("authorization"));
    if (!bearer) throw new ApiError("unauthorized", "send Authorization: Bearer <token>");
    const principal = await config.principal(bearer);
    if (!principal) throw new ApiError("unauthorized", "the bearer token is unknown or revoked");
    c.set("principal", principal);
    await next();
  });

/** Lets only these kinds of bearer through, or answers 403. */
export const allow = (...kinds: Principal["kind"][]) =>
  createMiddleware<AuthEnv>(async (c, next) => {
    const { kind } = c.get("principal");
    if (!kinds.includes(kind)) throw new ApiError("forbidden", `a ${kind} bearer may not use this route`);
    await next();
  });
