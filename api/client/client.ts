// A typed client for backend services: check a request and read usage, with a short timeout of its own.

// The service's own types for its answer, so the client cannot drift from what the service writes (type-only:
// nothing of the service is loaded with the client).
import type { CheckBody, LimitEntry } from "../src/check/response-body";

export type { CheckBody, LimitEntry };

export type Usage = { customerId: string; planId: string; limits: LimitEntry[] };

/** The rate-limit headers the service sent, ready to copy onto the caller's own response. */
export type RateLimitHeaders = Record<string, string>;

export type CheckResult =
  | { outcome: "allowed" | "denied"; body: CheckBody; headers: RateLimitHeaders }
  | { outcome: "unknown_key" };

/** The service could not be reached, did not answer within the timeout, or failed (5xx). */
export class BouncerUnavailable extends Error {}

/** An answer the client did not expect (a 4xx other than unknown_key): a bug in how it is called. */
export class BouncerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const RATE_LIMIT_HEADERS = [
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "ratelimit-policy",
  "ratelimit",
  "retry-after",
];

export type ClientOptions = {
  baseUrl: string;
  /** A service token (POST /v1/tokens with role service). */
  token: string;
  /** How long to wait for the service; keep it short, it sits on every request. Default 500 ms. */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export function createClient({ baseUrl, token, timeoutMs = 500, fetch: doFetch = fetch }: ClientOptions) {
  const base = baseUrl.replace(/\/+$/, "");

  async function request(method: string, path: string, body?: unknown): Promise<Response> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new BouncerUnavailable(`Bouncer did not answer: ${(error as Error).message}`);
    }
    if (res.status >= 500) throw new BouncerUnavailable(`Bouncer answered ${res.status}`);
    return res;
  }

  async function failure(res: Response): Promise<BouncerError> {
    const body = (await res.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
    return new BouncerError(res.status, body.error?.code ?? "unknown", body.error?.message ?? res.statusText);
  }

  return {
    /** Checks and counts one request of the customer holding `key` (or of anonymous traffic from `ip`). */
    async check(input: { key: string; cost?: number } | { ip: string; cost?: number }): Promise<CheckResult> {
      const res = await request("POST", "/v1/check", input);
      if (res.status === 200 || res.status === 429) {
        const headers: RateLimitHeaders = {};
        for (const name of RATE_LIMIT_HEADERS) {
          const value = res.headers.get(name);
          if (value !== null) headers[name] = value;
        }
        const body = (await res.json()) as CheckBody;
        return { outcome: res.status === 200 ? "allowed" : "denied", body, headers };
      }
      const error = await failure(res);
      if (error.code === "unknown_key") return { outcome: "unknown_key" };
      throw error;
    },

    /** A customer's limits as they stand, consuming nothing. */
    async usage(customerId: string): Promise<Usage> {
      const res = await request("GET", `/v1/customers/${encodeURIComponent(customerId)}/usage`);
      if (!res.ok) throw await failure(res);
      return (await res.json()) as Usage;
    },
  };
}

export type BouncerClient = ReturnType<typeof createClient>;
