// A typed client for backend services: check a request, give back what a failed one cost, and read usage, with a
// short timeout of its own.

import type { z } from "zod";
// The service's own types for its answers and its plans, so the client cannot drift from what the service writes
// (type-only: nothing of the service is loaded with the client).
import type { CheckBody as ServiceCheckBody, LimitEntry as ServiceLimitEntry } from "../src/check/response-body";
import type { Customer, Overrides } from "../src/domain/customer";
import type { LimitField, Limits, WindowName } from "../src/domain/limit-kinds";
import type { Plan, Resources } from "../src/domain/plan";
import type { Refunded } from "../src/routes/refund";
import type { Daily, Usage as ServiceUsage } from "../src/routes/usage";

export type { Customer, LimitField, Limits, Overrides, Plan, Resources, WindowName };

/** A limit of the plan's own: its token bucket, or one of its windows (`hour`, `day`, `week`, `month`). */
export type PlanLimitName = "burst" | WindowName;
/** The name of an entry of `limits`: a plan limit, or one of a resource's after its name (`ai.generate/day`). */
export type LimitName = PlanLimitName | `${string}/${PlanLimitName}`;
// The service only promises a string; the client names the shapes contract section 5 gives it.
export type LimitEntry = Omit<ServiceLimitEntry, "name"> & { name: LimitName };
export type CheckBody = Omit<ServiceCheckBody, "limits"> & { limits: LimitEntry[] };

type WithEntries<T> = Omit<T, "limits"> & { limits: LimitEntry[] };
/** A customer's limits as they stand: the plan's, then every resource's. */
export type Usage = WithEntries<z.output<typeof ServiceUsage>>;
/**
 * What a refund answers: the limits it gave back to (the plan's, then the named resource's) as they stand after
 * it; `customerId` is null for anonymous traffic (by `ip`).
 */
export type RefundResult = WithEntries<z.output<typeof Refunded>>;
/** A customer's allowed and denied checks per UTC day (`YYYY-MM-DD`), oldest first, ending with today. */
export type DailyUsage = z.output<typeof Daily>;

/** Who a request counts against: a customer's API key, or anonymous traffic from an IP address. */
export type Caller = { key: string; ip?: never } | { ip: string; key?: never };
/** `resource` adds the limits the plan sets for that resource (say `ai.generate`) to the plan's own. */
export type CheckInput = Caller & { cost?: number; resource?: string };
/** The same caller, cost and resource as the check being undone. */
export type RefundInput = Caller & { cost: number; resource?: string };

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
  /** A service token (POST /v1/tokens with role service); `dailyUsage` needs an admin token. */
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

  async function json<T>(res: Response): Promise<T> {
    if (!res.ok) throw await failure(res);
    return (await res.json()) as T;
  }

  return {
    /**
     * Checks and counts one request of the customer holding `key` (or of anonymous traffic from `ip`), against the
     * plan's limits and, when `resource` is given, that resource's too.
     */
    async check(input: CheckInput): Promise<CheckResult> {
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

    /**
     * Gives back what an allowed check consumed, for a request that then failed downstream: `cost` returns to every
     * window and bucket of that check, never beyond a limit's size.
     */
    async refund(input: RefundInput): Promise<RefundResult> {
      return json<RefundResult>(await request("POST", "/v1/refund", input));
    },

    /** A customer's limits as they stand, consuming nothing. */
    async usage(customerId: string): Promise<Usage> {
      return json<Usage>(await request("GET", `/v1/customers/${encodeURIComponent(customerId)}/usage`));
    },

    /**
     * A customer's allowed and denied checks per UTC day over the last `days` (at most 400), what a monthly bill is
     * made from. Contract section 3 keeps it to admin tokens: give this client one for it.
     */
    async dailyUsage(customerId: string, days?: number): Promise<DailyUsage> {
      const query = days === undefined ? "" : `?days=${days}`;
      return json<DailyUsage>(
        await request("GET", `/v1/customers/${encodeURIComponent(customerId)}/usage/daily${query}`),
      );
    },
  };
}

export type BouncerClient = ReturnType<typeof createClient>;
