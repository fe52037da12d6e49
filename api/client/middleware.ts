// A Hono middleware for backend services: checks each request with Bouncer, passes the rate-limit headers on,
// answers 429 with an RFC 9457 problem when the caller has used up its quota, holds the check's lease until the
// answer has been sent, a streamed one to its last chunk (or settles a reservation at the cost the handler reports),
// and can give back what a request that failed downstream cost. It keeps the plan's promise: its own failMode
// applies only when Bouncer cannot be reached, never when Bouncer has answered.
import type { Context, MiddlewareHandler } from "hono";
import {
  type BouncerClient,
  BouncerError,
  BouncerUnavailable,
  type CheckBody,
  type CheckInput,
  type CheckResult,
  type LimitName,
  type RefundInput,
} from "./client";

export type RateLimitOptions = {
  client: BouncerClient;
  /** The caller's API key; by default the `X-API-Key` header, else the bearer of `Authorization`. */
  key?: ((c: Context) => string | undefined) | undefined;
  /**
   * How much this request costs; 1 by default. With `settle`, what it reserves: the most it may cost (say the
   * prompt's maximum tokens, read from the request's body).
   */
  cost?: ((c: Context) => number | Promise<number>) | undefined;
  /**
   * The resource this route spends (say `ai.generate`), whose limits in the plan apply on top of the plan's own:
   * a name, or a function of the request (undefined: the plan's limits alone).
   */
  resource?: string | ((c: Context) => string | undefined) | undefined;
  /**
   * When the request is answered 5xx (a handler's throw that Hono answers 500 included), give its cost back to the
   * caller: a failure of ours should not use up the customer's quota. A 4xx is the caller's, however the handler made
   * it (an HTTPException thrown), and stays counted. Off by default: a retried failure then counts each time, which is
   * what a limit that protects the backend wants. The refund is best effort: if Bouncer does not answer, the
   * request stays counted.
   */
  refundOnError?: boolean | undefined;
  /**
   * Reserve and settle, for requests whose real cost is known only once the handler has run (an LLM's tokens): the
   * request is checked with `reserve`, and once its answer has been sent its reservation is settled at the cost the
   * handler reported: a header the handler sets (`{ header: "x-tokens-used" }`), which is removed from the response
   * the caller sees (it is a note from the handler to this middleware), or a function of the context (say
   * `(c) => c.get("tokensUsed")`), read when the answer has been sent, so that a streamed answer can set it as it
   * ends. No cost found: the lease is released, and the reserved cost stays counted. With `refundOnError`, a 5xx answer
   * (a throw answered 500 included) or a streamed body that breaks settles at 0.
   */
  settle?: { header: string } | ((c: Context) => number | undefined) | undefined;
  /**
   * How long a lease the check takes lasts if it is not ended (1 to 3,600 seconds; Bouncer's default is 60): longer
   * than the longest request, a streamed answer included. The middleware ends the lease once the answer has been
   * sent (its body read to the end, or given up by a caller that went away), or at once when the handler threw; this
   * bounds how long a lease outlives a backend that died mid-request.
   */
  leaseSeconds?: number | undefined;
  /**
   * When Bouncer itself cannot be reached (connection refused, timeout, a 5xx that is not Bouncer's): let requests
   * through ("open", the default) or refuse them with 503 ("closed"). When Bouncer answers, its answer stands: a
   * plan that fails closed is answered 503 whatever this says.
   */
  failMode?: "open" | "closed" | undefined;
  /**
   * Told when Bouncer refuses a check as malformed (a 4xx other than an unknown key: an invalid resource name, a
   * cost that is not a whole number), a bug in the integrating code, answered 500; also when it refuses a settle or a
   * release (a cost read from the response that is not a whole number), which does not change the response. Default:
   * console.error.
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

type Call = "check" | "settle" | "release";

function logError(error: BouncerError, c: Context, call: Call): void {
  console.error(
    `bouncer-client: Bouncer refused the ${call} of ${c.req.method} ${c.req.path}: ${error.status} ${error.code}: ${error.message}` +
      (error.requestId ? ` (request ${error.requestId})` : ""),
  );
}

// A limit on requests in flight counts leases, not cost: one more is a free slot.
const inFlight = (name: LimitName) => name === "concurrent" || name.endsWith("/concurrent");

const problem = (
  c: Context,
  status: 401 | 429 | 500 | 503,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => c.body(JSON.stringify({ status, ...body }), status, { ...headers, "content-type": "application/problem+json" });

// A 401 names how to authenticate (RFC 9110 section 15.5.2): the key goes as a bearer, as the default reader takes it.
const unauthorized = (c: Context, title: string, invalid: boolean) =>
  problem(
    c,
    401,
    { type: "about:blank", title },
    { "www-authenticate": invalid ? 'Bearer error="invalid_token"' : "Bearer" },
  );

const unavailable = (c: Context, retryAfter: number) =>
  problem(
    c,
    503,
    { type: "about:blank", title: "Rate limiting is unavailable; try again shortly" },
    { "retry-after": String(retryAfter) },
  );

/** Edits the handler's response's headers; one made by fetch() has immutable headers, so it is copied first. */
function editHeaders(c: Context, edit: (headers: Headers) => void): void {
  try {
    edit(c.res.headers);
  } catch {
    c.res = new Response(c.res.body, c.res);
    edit(c.res.headers);
  }
}

const setHeaders = (c: Context, headers: Record<string, string>) =>
  editHeaders(c, (h) => {
    for (const [name, value] of Object.entries(headers)) h.set(name, value);
  });

/** Statuses whose answers carry no body (Fetch's null body statuses). */
const NO_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * The cost the handler reported in the header `settle` names, the header taken off the response; undefined when it
 * reported none, or when `settle` names no header.
 */
function headerCost(c: Context, settle: RateLimitOptions["settle"]): number | undefined {
  if (typeof settle !== "object") return undefined;
  const value = c.res.headers.get(settle.header);
  if (value === null) return undefined;
  editHeaders(c, (h) => h.delete(settle.header));
  // Not a number: sent as it is for Bouncer, the one judge of a cost, to refuse (and onError to be told).
  return value.trim() === "" ? undefined : Number(value);
}

export function rateLimit({
  client,
  key = defaultKey,
  cost,
  resource,
  refundOnError = false,
  settle,
  leaseSeconds,
  failMode = "open",
  onError,
}: RateLimitOptions): MiddlewareHandler {
  const report = (error: BouncerError, c: Context, call: Call) =>
    onError ? onError(error, c) : logError(error, c, call);

  /**
   * Ends a lease: settles it at `cost` when there is one, else (or when there is no reservation to settle, as for a
   * lease taken while Bouncer's store was down) releases it, and a reserved cost stays counted. Best effort: a lease
   * Bouncer does not end expires by itself at its expiresAt.
   */
  async function endLease(c: Context, lease: string, cost: number | undefined): Promise<void> {
    try {
      if (cost !== undefined) {
        const settled = await client.settle(lease, cost).catch((error: unknown) => {
          if (!(error instanceof BouncerError)) throw error;
          // The cost was refused: the lease is still to end.
          report(error, c, "settle");
          return undefined;
        });
        if (settled?.outcome === "settled") return;
      }
      await client.release(lease);
    } catch (error) {
      if (error instanceof BouncerError) report(error, c, "release");
    }
  }

  /**
   * Once the request is done (its answer sent, or the handler threw): the check's lease ends, or what a failed request
   * cost is given back. The cost the handler reported is read now from the context (a streamed answer may set it as
   * it ends), or was read from its header (`fromHeader`) before the answer left.
   */
  async function afterRequest(
    c: Context,
    body: CheckBody,
    refund: RefundInput,
    failed: boolean,
    fromHeader: number | undefined,
  ): Promise<void> {
    const used = typeof settle === "function" ? settle(c) : fromHeader;
    const refunds = refundOnError && failed;
    const lease = body.lease?.id;
    if (lease !== undefined && settle) return endLease(c, lease, refunds ? 0 : used);
    // A degraded check counted nothing to give back. The refund is best effort, as the lease's end.
    if (refunds && !body.degraded) await client.refund(refund).catch(() => {});
    if (lease !== undefined) await endLease(c, lease, undefined);
  }

  return async (c, next) => {
    const apiKey = key(c);
    if (!apiKey) return unauthorized(c, "An API key is required", false);
    const units = (await cost?.(c)) ?? 1;
    const named = typeof resource === "function" ? resource(c) : resource;
    // The check and any refund of it name the same caller, cost and resource.
    const refund: RefundInput =
      named === undefined ? { key: apiKey, cost: units } : { key: apiKey, cost: units, resource: named };
    const request: CheckInput = {
      ...refund,
      ...(settle ? { reserve: true } : {}),
      ...(leaseSeconds === undefined ? {} : { leaseSeconds }),
    };
    let result: CheckResult;
    try {
      result = await client.check(request);
    } catch (error) {
      if (error instanceof BouncerError) {
        report(error, c, "check");
        return problem(c, 500, { type: "about:blank", title: "The request could not be checked against its quota" });
      }
      // Anything else is a bug (thrown on, as Hono answers a handler's throw), never a reason to serve unchecked.
      if (!(error instanceof BouncerUnavailable)) throw error;
      // Nobody decided, so this middleware's own fail mode does.
      if (failMode === "closed") return unavailable(c, error.retryAfter ?? 1);
      await next();
      // Nothing to settle, but the handler's note is still not the caller's to see.
      headerCost(c, settle);
      return;
    }
    if (result.outcome === "unknown_key") return unauthorized(c, "The API key is not valid", true);
    if (result.outcome === "store_unavailable") return unavailable(c, result.retryAfter);
    if (result.outcome === "denied") {
      const { body } = result;
      const violated = body.limits.filter((l) => l.remaining < (inFlight(l.name) ? 1 : units)).map((l) => l.name);
      return problem(
        c,
        429,
        {
          type: QUOTA_EXCEEDED,
          title: "Request cannot be satisfied as assigned quota has been exceeded",
          detail:
            body.retryAfter === null
              ? "This request costs more than the quota allows at all."
              : `Try again in ${body.retryAfter} ${body.retryAfter === 1 ? "second" : "seconds"}.`,
          "violated-policies": violated.length > 0 ? violated : [body.limits[0]?.name ?? "quota"],
        },
        result.headers,
      );
    }
    // Hono has turned a thrown error into the 500 it answers by the time next() returns; the finally is for what it
    // lets through (a throw of something not an Error), after which nothing of this answer is sent.
    let answered = false;
    try {
      await next();
      answered = true;
    } finally {
      if (!answered) await afterRequest(c, result.body, refund, true, headerCost(c, settle));
    }
    const failed = c.res.status >= 500;
    const fromHeader = headerCost(c, settle);
    setHeaders(c, result.headers);
    const ends = (broke = false) => afterRequest(c, result.body, refund, failed || broke, fromHeader);
    // Nothing to end or give back, or no body to wait for: done before the answer leaves. Hono answers a HEAD with
    // the GET route's headers and drops its body unread; a 204 or a 304 sends none whatever the handler gave it, and
    // its body is not even looked at (@hono/node-server makes a Response to hand it out, which a body would fail).
    if (c.req.method === "HEAD" || NO_BODY_STATUSES.has(c.res.status)) return ends();
    const answer = c.res.body;
    if (answer === null || (result.body.lease === undefined && !refundOnError)) return ends();
    // The request is in flight until its answer has been sent: a streamed answer (an LLM's tokens as they come) holds
    // its lease while it streams, a cost the handler sets as it ends is read then, and one that breaks is a failure
    // to give back (refundOnError). The lease ends before the last of the body is given out, so that the caller's
    // next request finds its slot free.
    c.res = new Response(whenSent(answer, ends), c.res);
  };
}

/**
 * `body` as it is read out, calling `ended` once: when it has all been read (false), when reading it failed (true:
 * the handler's stream broke) or when the reader gave up on it (false: the caller went away).
 */
function whenSent(body: ReadableStream<Uint8Array>, ended: (failed: boolean) => Promise<void>) {
  const reader = body.getReader();
  let ending: Promise<void> | undefined;
  const end = (failed: boolean) => {
    ending ??= ended(failed);
    return ending;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        await end(true);
        controller.error(error);
        return;
      }
      if (!chunk.done) return controller.enqueue(chunk.value);
      await end(false);
      controller.close();
    },
    async cancel(reason) {
      await reader.cancel(reason).catch(() => {});
      await end(false);
    },
  });
}
