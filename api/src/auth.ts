// Authentication and roles (contract section 3): 401 with an RFC 6750 challenge for a missing or unknown bearer, 403
// for the wrong role.
import { createMiddleware } from "hono/factory";
import type { Config, Principal } from "./config";
import { ApiError } from "./errors";

export type AuthEnv = { Variables: { principal: Principal } };

// No real token is longer; a longer header is refused before it is hashed.
const MAX_BEARER = 256;
const BEARER = /^Bearer +(\S+) *$/i;

// RFC 6750's challenges: a request that sent no bearer is told the scheme; one whose bearer is not a live token is
// told that too, so a client knows to get a new token rather than to add one.
const ASK_FOR_BEARER = { "WWW-Authenticate": "Bearer" } as const;
const INVALID_TOKEN = { "WWW-Authenticate": 'Bearer error="invalid_token"' } as const;

/** The 401 of a bearer that is not a live token or key (unknown, revoked, or its customer gone). */
export const revokedBearer = () =>
  new ApiError("unauthorized", "the bearer token is unknown or revoked", INVALID_TOKEN);

function known(principal: Principal | null): Principal {
  if (!principal) throw revokedBearer();
  return principal;
}

/** Who sent this Authorization header, or an ApiError (401); a value, not a promise, when it is cached. */
export function principalOf(config: Config, header: string | undefined): Principal | Promise<Principal> {
  const bearer = header?.match(BEARER)?.[1];
  if (bearer === undefined) throw new ApiError("unauthorized", "send Authorization: Bearer <token>", ASK_FOR_BEARER);
  if (bearer.length > MAX_BEARER) {
    throw new ApiError("unauthorized", "send Authorization: Bearer <token>", INVALID_TOKEN);
  }
  const principal = config.principal(bearer);
  return principal instanceof Promise ? principal.then(known) : known(principal);
}

/** Throws an ApiError (403) unless the principal is of one of these kinds. */
export function requireKind(principal: Principal, kinds: readonly Principal["kind"][]): void {
  if (!kinds.includes(principal.kind)) {
    throw new ApiError("forbidden", `a ${principal.kind} bearer may not use this route`);
  }
}

/** Resolves the bearer to a principal, or answers 401. */
export const authenticate = (config: Config) =>
  createMiddleware<AuthEnv>(async (c, next) => {
    c.set("principal", await principalOf(config, c.req.header("authorization")));
    await next();
  });

/** Lets only these kinds of bearer through, or answers 403. */
export const allow = (...kinds: Principal["kind"][]) =>
  createMiddleware<AuthEnv>(async (c, next) => {
    requireKind(c.get("principal"), kinds);
    await next();
  });

/** The customer behind a customer API key (the routes under /v1/me); an admin or service token belongs to none: 404. */
export function ownCustomer(principal: Principal): string {
  if (principal.kind !== "customer") throw new ApiError("not_found", "this bearer belongs to no customer");
  return principal.customerId;
}
