// A Hono middleware for backend services: checks each request with Bouncer, passes the rate-limit headers on,
// answers 429 with an RFC 9457 problem when the caller has used up its quota, and can give back what a request
// that failed downstream cost. It keeps the plan's promise: its own failMode applies only when Bouncer cannot be
// reached, never when Bouncer has answered.
import type { Context, MiddlewareHandler } from "hono";
import { type BouncerClient, BouncerError, type CheckResult } from "./client";

export type RateLimitOptions = {
  client: BouncerClient;
  /** The caller's API key; by default the `X-API-Key` header, else the bearer of `Authorization`. */
  key?: ((c: Context) => string | undefined) | undefined;
  /** How much this request costs; 1 by default. */
  cost?: ((c: Context) => number) | undefined;
  /**
   * The resource this route spends (say `ai.generate`), whose limits in the plan apply on top of the plan's own:
   * a name, or a function of the request (undefined: the plan's limits alone).
   */
  resource?: string | ((c: Context) => string | undefined) | undefined;
  /**
   * When the handler answers 5xx (or throws), give the request's cost back to the caller: a failure of ours
   * should not use up the customer's quota. Off by default: a retried failure then counts each time, which is
   * what a limit that protects the backend wants. The refund is best effort: if Bouncer does not answer, the
   * request stays counted.
   */
  refundOnError?: boolean | undefined;
  /**
   * When Bouncer itself cannot be reached (connection refused, timeout, a 5xx that is not Bouncer's): let requests
   * through ("open", the default) or refuse them with 503 ("closed"). When Bouncer answers, its answer stands: a
   * plan that fails closed is answered 503 whatever this says.
   */
  failMode?: "open" | "closed" | undefined;
  /**
   * Told when Bouncer refuses a check as malformed (a 4xx other than an unknown key: an invalid resource name, a
   * cost that is not a whole number), a bug in the integrating code, answered 500. Default: console.error.
   */
  onError?: ((error: BouncerError, c: Context) => void) | undefined;
};

// The problem type that draft-ietf-httpapi-ratelimit-headers registers for a request over its quota.
export const QUOTA_EXCEEDED = "https://iana.org/assignments/http-problem-types#quota-exceeded";

function defaultKey(c: Context): string | undefined {
  const header = c.req.header("x-api-key");
  if (header) return header;
  return c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

function logError(error: BouncerError, c: Context): void {
  console.error(
    `bouncer-client: Bouncer refused the check of ${c.req.method} ${c.req.path}: ${error.status} ${error.code}: ${error.message}` +
      (error.requestId ? ` (request ${error.requestId})` : ""),
  );
}

const problem = (
  c: Context,
  status: 401 | 429 | 500 | 503,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => c.body(JSON.stringify({ status, ...body }), status, { ...headers, "content-type": "application/problem+json" });

const unavailable = (c: Context, retryAfter: number) =>
  problem(
    c,
    503,
    { type: "about:blank", title: "Rate limiting is unavailable; try again shortly" },
    { "retry-after": String(retryAfter) },
  );

/** Sets headers on the handler's response; one made by fetch() has immutable headers, so it is copied first. */
function setHeaders(c: Context, headers: Record<string, string>): void {
  try {
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  }
}

export function rateLimit({
  client,
  key = defaultKey,
  cost,
  resource,
  refundOnError = false,
  failMode = "open",
  onError = logError,
}: RateLimitOptions): MiddlewareHandler {
  return async (c, next) => {
    const apiKey = key(c);
    if (!apiKey) return problem(c, 401, { type: "about:blank", title: "An API key is required" });
    const units = cost?.(c) ?? 1;
    const named = typeof resource === "function" ? resource(c) : resource;
    // The check and any refund of it name the same caller, cost and resource.
    const request = named === undefined ? { key: apiKey, cost: units } : { key: apiKey, cost: units, resource: named };
    let result: CheckResult;
    try {
      result = await client.check(request);
    } catch (error) {
      if (error instanceof BouncerError) {
        onError(error, c);
        return problem(c, 500, { type: "about:blank", title: "The request could not be checked against its quota" });
      }
      // BouncerUnavailable: nobody decided, so this middleware's own fail mode does.
      if (failMode === "closed") return unavailable(c, 1);
      return next();
    }
    if (result.outcome === "unknown_key")
      return problem(c, 401, { type: "about:blank", title: "The API key is not valid" });
    if (result.outcome === "store_unavailable") return unavailable(c, result.retryAfter);
    if (result.outcome === "denied") {
      const { body } = result;
      const violated = body.limits.filter((l) => l.remaining < units).map((l) => l.name);
      return problem(
        c,
        429,
        {
          type: QUOTA_EXCEEDED,
          title: "Request cannot be satisfied as assigned quota has been exceeded",
          detail:
            body.retryAfter === null
              ? "This request costs more than the quota allows at all."
              : `Try again in ${body.retryAfter} seconds.`,
          "violated-policies": violated.length > 0 ? violated : [body.limits[0]?.name ?? "quota"],
        },
        result.headers,
      );
    }
    await next();
    // Hono has turned a thrown error into the 500 it answers by now. A degraded check counted nothing to give back.
    if (refundOnError && c.res.status >= 500 && !result.body.degraded) {
      await client.refund(request).catch(() => {});
    }
    setHeaders(c, result.headers);
  };
}
