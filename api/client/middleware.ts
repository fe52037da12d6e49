// A Hono middleware for backend services: checks each request with Bouncer, passes the rate-limit headers on,
// answers 429 with an RFC 9457 problem when the caller has used up its quota, and can give back what a request
// that failed downstream cost.
import type { Context, MiddlewareHandler } from "hono";
import { type BouncerClient, BouncerUnavailable } from "./client";

export type RateLimitOptions = {
  client: BouncerClient;
  /** The caller's API key; by default the `X-API-Key` header, else the bearer of `Authorization`. */
  key?: (c: Context) => string | undefined;
  /** How much this request costs; 1 by default. */
  cost?: (c: Context) => number;
  /**
   * The resource this route spends (say `ai.generate`), whose limits in the plan apply on top of the plan's own:
   * a name, or a function of the request (undefined: the plan's limits alone).
   */
  resource?: string | ((c: Context) => string | undefined);
  /**
   * When the handler answers 5xx (or throws), give the request's cost back to the caller: a failure of ours
   * should not use up the customer's quota. Off by default: a retried failure then counts each time, which is
   * what a limit that protects the backend wants. The refund is best effort: if Bouncer does not answer, the
   * request stays counted.
   */
  refundOnError?: boolean;
  /** When Bouncer itself cannot be reached: let requests through ("open", the default) or refuse them (503). */
  failMode?: "open" | "closed";
};

// The problem type that draft-ietf-httpapi-ratelimit-headers registers for a request over its quota.
export const QUOTA_EXCEEDED = "https://iana.org/assignments/http-problem-types#quota-exceeded";

function defaultKey(c: Context): string | undefined {
  const header = c.req.header("x-api-key");
  if (header) return header;
  return c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

const problem = (
  c: Context,
  status: 401 | 429 | 503,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => c.body(JSON.stringify({ status, ...body }), status, { ...headers, "content-type": "application/problem+json" });

export function rateLimit({
  client,
  key = defaultKey,
  cost,
  resource,
  refundOnError = false,
  failMode = "open",
}: RateLimitOptions): MiddlewareHandler {
  return async (c, next) => {
    const apiKey = key(c);
    if (!apiKey) return problem(c, 401, { type: "about:blank", title: "An API key is required" });
    const units = cost?.(c) ?? 1;
    // The check and any refund of it name the same caller, cost and resource.
    const request = { key: apiKey, cost: units, resource: typeof resource === "function" ? resource(c) : resource };
    let result: Awaited<ReturnType<BouncerClient["check"]>>;
    try {
      result = await client.check(request);
    } catch (error) {
      if (!(error instanceof BouncerUnavailable) || failMode === "closed") {
        return problem(
          c,
          503,
          { type: "about:blank", title: "Rate limiting is unavailable; try again shortly" },
          { "retry-after": "1" },
        );
      }
      return next();
    }
    if (result.outcome === "unknown_key")
      return problem(c, 401, { type: "about:blank", title: "The API key is not valid" });
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
    for (const [name, value] of Object.entries(result.headers)) c.res.headers.set(name, value);
  };
}
