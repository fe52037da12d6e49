// A typed client for backend services: check a request, give back what a failed one cost, end or settle the lease a
// check took, and read usage, with a short timeout of its own. It tells Bouncer's answers (a decision, a plan that
// fails closed, a mistake of the caller's) from Bouncer not answering at all, so that only the last is left to the
// caller's own fail mode.

// The API's types as the service's /openapi.json describes them (generated: plain types, no service code) and the
// limit kinds' table's names (type-only: nothing of the service is loaded with the client).
import type { LimitField, Limits, WindowName } from "../src/domain/limit-kinds";
import type { components } from "./api-types";

type Schemas = components["schemas"];

export type { LimitField, Limits, WindowName };
export type Plan = Schemas["Plan"];
export type Customer = Schemas["Customer"];
export type Overrides = Schemas["Overrides"];
/** The body of a `usage.threshold` event sent to a webhook endpoint (verify it with a Standard Webhooks library). */
export type UsageThresholdEvent = Schemas["UsageThresholdEvent"];
/** The body of a `webhook.test` event. */
export type WebhookTestEvent = Schemas["WebhookTestEvent"];
/** A plan's named limits for one kind of request: each resource's limits by its name. */
export type Resources = NonNullable<Plan["resources"]>;

/**
 * A limit of the plan's own: its token bucket, one of its windows (`hour`, `day`, `week`, `month`), or its requests
 * in flight (`concurrent`).
 */
export type PlanLimitName = "burst" | WindowName | "concurrent";
/** The name of an entry of `limits`: a plan limit, or one of a resource's after its name (`ai.generate/day`). */
export type LimitName = PlanLimitName | `${string}/${PlanLimitName}`;
// The document only promises a string; the client names the shapes contract section 5 gives it.
export type LimitEntry = Omit<Schemas["LimitEntry"], "name"> & { name: LimitName };
type WithEntries<T> = Omit<T, "limits"> & { limits: LimitEntry[] };
/** The body of a check's 200 or 429. */
export type CheckBody = WithEntries<Schemas["CheckResponse"]>;
/** A lease an allowed check took: its id for `release` and `settle`, and when it ends by itself (Unix seconds). */
export type Lease = NonNullable<CheckBody["lease"]>;
/** A customer's limits as they stand: the plan's, then every resource's. */
export type Usage = WithEntries<Schemas["Usage"]>;
/**
 * What a refund answers: the limits it gave back to (the plan's, then the named resource's) as they stand after
 * it; `customerId` is null for anonymous traffic (by `ip`).
 */
export type RefundResult = WithEntries<Schemas["Refunded"]>;
/** Where the limits of the check that took a lease stand once it has ended (released or settled). */
export type LeaseEnded = WithEntries<Schemas["LeaseEnded"]>;
/** A customer's checks per UTC day (`YYYY-MM-DD`), oldest first, ending with today. */
export type DailyUsage = Schemas["UsageDaily"];

/** Who a request counts against: a customer's API key, or anonymous traffic from an IP address. */
export type Caller = { key: string; ip?: never } | { ip: string; key?: never };
/**
 * `resource` adds the limits the plan sets for that resource (say `ai.generate`) to the plan's own. `reserve` takes a
 * lease to settle at the real cost later (see `reserve`); `leaseSeconds` (1 to 3,600, default 60) is how long a lease
 * the check takes lasts unless released or settled sooner.
 */
export type CheckInput = Caller & {
  cost?: number | undefined;
  resource?: string | undefined;
  reserve?: boolean | undefined;
  leaseSeconds?: number | undefined;
};
/** A check that reserves `cost`, the most the request may cost (say a prompt's maximum tokens), until it is settled. */
export type ReserveInput = Caller & { cost: number; resource?: string | undefined; leaseSeconds?: number | undefined };
/** The same caller, cost and resource as the check being undone. */
export type RefundInput = Caller & { cost: number; resource?: string | undefined };

/** The rate-limit headers the service sent, ready to copy onto the caller's own response. */
export type RateLimitHeaders = Record<string, string>;

export type CheckResult =
  | { outcome: "allowed" | "denied"; body: CheckBody; headers: RateLimitHeaders }
  | { outcome: "unknown_key" }
  /**
   * The counter store is down and the customer's plan fails closed (a metered plan): nothing may go through.
   * `retryAfter` is Bouncer's Retry-After, in seconds.
   */
  | { outcome: "store_unavailable"; retryAfter: number };

/**
 * What a settle answers: the reservation was settled at its real cost (`body`: the limits as they stand after it), or
 * there was no reservation to settle (`conflict`: settled already, past its `expiresAt`, taken without reserve, or
 * while the counter store was down), which changed nothing; `message` is Bouncer's reason. A reservation that was not
 * settled keeps its reserved cost.
 */
export type SettleResult = { outcome: "settled"; body: LeaseEnded } | { outcome: "conflict"; message: string };
/** What a release answers: the lease ended now (`body`: the limits after it), or none is running (ended already). */
export type ReleaseResult = { outcome: "released"; body: LeaseEnded } | { outcome: "ended"; message: string };

/**
 * `instanceof` for the package's errors by a mark every copy of a class shares. The ES module and CommonJS builds each
 * carry the classes, and a program may load both (a client imported, the middleware required, as a bundler or a
 * dependency resolves them): without it, one build's errors are unknown to the other's `instanceof`, and the
 * middleware took an unreachable Bouncer for a bug of its own. A subclass still asks the prototype chain.
 */
function isInstance(asked: unknown, base: unknown, mark: symbol, value: unknown): boolean {
  if (asked !== base) return Function.prototype[Symbol.hasInstance].call(asked, value);
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[mark] === true;
}
const UNAVAILABLE = Symbol.for("bouncer-client.BouncerUnavailable");
const ERROR = Symbol.for("bouncer-client.BouncerError");

/**
 * Bouncer could not be reached: the connection failed, it did not answer within the timeout, or something other
 * than Bouncer answered a 5xx or a 429 (a proxy, a crashed process, a gateway throttling), or Bouncer itself failed
 * (500 `internal`), or its counter store did not answer a call other than a check (503 `store_unavailable`; a check
 * answers that as its outcome, for the plan's fail mode to decide).
 */
export class BouncerUnavailable extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class asked, which may be a subclass
    return isInstance(this, BouncerUnavailable, UNAVAILABLE, value);
  }
  readonly [UNAVAILABLE] = true;
  override name = "BouncerUnavailable";
  constructor(
    message: string,
    /** Seconds to wait, when what answered in Bouncer's place said (a gateway's 503 with Retry-After). */
    readonly retryAfter?: number | undefined,
  ) {
    super(message);
  }
}

/**
 * Bouncer answered with an error of its envelope (contract section 8): `code` and `message` say what it refused and
 * why, most often a mistake in how it is called (an invalid resource name, a cost that is not a whole number). A
 * 4xx that is not Bouncer's envelope has the code `unexpected_response` (is `baseUrl` right?).
 */
export class BouncerError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class asked, which may be a subclass
    return isInstance(this, BouncerError, ERROR, value);
  }
  readonly [ERROR] = true;
  override name = "BouncerError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    details: {
      /** The request's id in Bouncer's log. */
      requestId?: string | undefined;
      /** Seconds Bouncer asked to wait (its Retry-After), when it said. */
      retryAfter?: number | undefined;
    } = {},
  ) {
    super(message);
    this.requestId = details.requestId;
    this.retryAfter = details.retryAfter;
  }
  readonly requestId: string | undefined;
  readonly retryAfter: number | undefined;
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
  /** Where Bouncer answers: an http or https URL, such as `http://127.0.0.1:8787`. */
  baseUrl: string;
  /** A service token (POST /v1/tokens with role service); `dailyUsage` needs an admin token. */
  token: string;
  /**
   * How long to wait for the service; keep it short, it sits on every request. Default 500 ms. Keep it above the
   * service's `STORE_TIMEOUT_MS` (default 100 ms) and the way there: when the counter store is slow, Bouncer answers a
   * plan that fails closed with 503 after that long, and a client that gave up sooner has only its own fail mode.
   */
  timeoutMs?: number | undefined;
  /** The fetch to send requests with: a Worker's Service Binding (`env.BOUNCER.fetch`), say. */
  fetch?: typeof fetch | undefined;
};

type Envelope = { error: { code: string; message: string; requestId?: string } };

function isEnvelope(body: unknown): body is Envelope {
  const error = (body as Partial<Envelope> | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string";
}

/**
 * Whether a check's 200 or 429 came from Bouncer: a gateway in front of it (AWS API Gateway, a Function URL) throttles
 * with a 429 of its own, `{"message":"Too Many Requests"}`, which decides nothing about the customer.
 */
function isCheckBody(body: unknown): body is CheckBody {
  const check = body as Partial<CheckBody> | null;
  return typeof check?.allowed === "boolean" && Array.isArray(check.limits);
}

/** The longest key the service reads: no customer holds a longer one (the check's body schema, check/read-request.ts). */
const LONGEST_KEY = 256;

/** Whether a 200's JSON is one of Bouncer's answers carrying `field` as a list (limits, points). */
function hasList(body: unknown, field: string): boolean {
  return Array.isArray((body as Record<string, unknown> | null)?.[field]);
}

/**
 * The options, or a TypeError that says which is wrong. Thrown when the client is made: a wrong baseUrl, token or
 * timeout is a bug of the integration, and at the first check it would read as Bouncer not answering, which a
 * middleware failing open serves unchecked.
 */
function checkOptions({ baseUrl, token, timeoutMs }: ClientOptions): void {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {}
  if (url?.protocol !== "http:" && url?.protocol !== "https:") {
    throw new TypeError(
      `bouncer-client: baseUrl must be an http or https URL, such as http://127.0.0.1:8787 (got ${JSON.stringify(baseUrl)})`,
    );
  }
  // fetch refuses a URL with credentials on every call, and a query or fragment would swallow each route's path:
  // every check would fail. The URL itself is not put in the message, as it may hold a password.
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "") {
    throw new TypeError(
      "bouncer-client: baseUrl must be Bouncer's address alone: no user name or password (send the token), no query, no fragment",
    );
  }
  // Visible ASCII, as the service makes tokens; the token itself is never put in a message.
  if (typeof token !== "string" || !/^[\x21-\x7e]+$/.test(token)) {
    throw new TypeError("bouncer-client: token must be a service token (qt_…): visible ASCII characters, no spaces");
  }
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs >= 1 && timeoutMs <= 2_147_483_647)) {
    throw new TypeError(`bouncer-client: timeoutMs must be a whole number of milliseconds from 1 (got ${timeoutMs})`);
  }
}

/** The error an answer that is not a check's 200 or 429 stands for: Bouncer's refusal, or Bouncer not there. */
async function failureOf(res: Response): Promise<BouncerError | BouncerUnavailable> {
  const body: unknown = await res.json().catch(() => null);
  if (!isEnvelope(body)) {
    const what = `${res.status} ${res.statusText}`.trim();
    // Bouncer answers 429 to checks alone, always with a check's body: any other 429 is a gateway's throttling.
    if (res.status >= 500 || res.status === 429)
      return new BouncerUnavailable(`Bouncer's address answered ${what}, not Bouncer`, retryAfterOf(res));
    return new BouncerError(
      res.status,
      "unexpected_response",
      `${res.url || "the address"} answered ${what} without Bouncer's error envelope: is baseUrl right?`,
    );
  }
  const { code, message, requestId } = body.error;
  // Bouncer's own fault, not a decision about the request: as if it had not answered.
  if (code === "internal") return new BouncerUnavailable(`Bouncer failed: ${message} (request ${requestId})`);
  return new BouncerError(res.status, code, message, { requestId, retryAfter: retryAfterOf(res) });
}

/** An answer's Retry-After in seconds, when it has one. */
function retryAfterOf(res: Response): number | undefined {
  const seconds = Number(res.headers.get("retry-after") ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

const CHECK_PATH = "/v1/check";

export function createClient(options: ClientOptions) {
  checkOptions(options);
  const { baseUrl, token, timeoutMs = 500, fetch: doFetch = fetch } = options;
  const base = baseUrl.replace(/\/+$/, "");

  /** A 200 (or a check's 429) as it came; any other answer thrown as what it stands for. */
  async function request(method: string, path: string, body?: unknown): Promise<Response> {
    const init: RequestInit = {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      signal: AbortSignal.timeout(timeoutMs),
    };
    if (body !== undefined) init.body = JSON.stringify(body);
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, init);
    } catch (error) {
      throw new BouncerUnavailable(`Bouncer did not answer: ${(error as Error).message}`);
    }
    if (res.ok || (res.status === 429 && path === CHECK_PATH)) return res;
    const failure = await failureOf(res);
    // The store down is no refusal of the call: it may be made again once the store is back.
    if (path !== CHECK_PATH && failure instanceof BouncerError && failure.code === "store_unavailable") {
      throw new BouncerUnavailable(`Bouncer's counter store did not answer: ${failure.message}`, failure.retryAfter);
    }
    throw failure;
  }

  /** The 200's JSON, holding `list` as Bouncer's answer does; anything else came from something in its place. */
  async function json<T>(res: Response, list: "limits" | "points"): Promise<T> {
    let body: unknown;
    try {
      body = await res.json();
    } catch (error) {
      throw new BouncerUnavailable(`Bouncer's address answered ${res.status} with a body that is not JSON: ${error}`);
    }
    if (!hasList(body, list)) {
      throw new BouncerUnavailable(`Bouncer's address answered ${res.status} with JSON that is not Bouncer's answer`);
    }
    return body as T;
  }

  const client = {
    /**
     * Checks and counts one request of the customer holding `key` (or of anonymous traffic from `ip`), against the
     * plan's limits and, when `resource` is given, that resource's too. Throws BouncerUnavailable when Bouncer
     * cannot be reached, BouncerError when it refuses the check itself (a mistake in how it is called).
     */
    async check(input: CheckInput): Promise<CheckResult> {
      // A key that no customer can hold (none sent: "", or a caller's JWT) is an unknown key, not a bad call.
      if (typeof input.key === "string" && (input.key === "" || input.key.length > LONGEST_KEY)) {
        return { outcome: "unknown_key" };
      }
      let res: Response;
      try {
        res = await request("POST", CHECK_PATH, input);
      } catch (error) {
        if (!(error instanceof BouncerError)) throw error;
        if (error.code === "unknown_key") return { outcome: "unknown_key" };
        if (error.code === "store_unavailable")
          return { outcome: "store_unavailable", retryAfter: error.retryAfter ?? 1 };
        throw error;
      }
      const headers: RateLimitHeaders = {};
      for (const name of RATE_LIMIT_HEADERS) {
        const value = res.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      // A 429 that is no check's answer is a gateway's throttling, whose Retry-After says when to come back.
      const body = await json<CheckBody>(res, "limits").catch((error: unknown) => {
        throw error instanceof BouncerUnavailable ? new BouncerUnavailable(error.message, retryAfterOf(res)) : error;
      });
      if (!isCheckBody(body)) {
        throw new BouncerUnavailable(
          `Bouncer's address answered ${res.status} with JSON that is no check's answer`,
          retryAfterOf(res),
        );
      }
      return { outcome: res.status === 200 ? "allowed" : "denied", body, headers };
    },

    /**
     * Checks and counts a request whose real cost is known only after it (an LLM's tokens): `cost` is reserved as in
     * any check, and an allowed answer's `body.lease` is what `settle` then takes with the real cost. A check Bouncer
     * let through without counting (degraded, a plan that fails open) has no lease: there is nothing to settle.
     */
    async reserve(input: ReserveInput): Promise<CheckResult> {
      return client.check({ ...input, reserve: true });
    },

    /**
     * Sets a reservation's real cost: the difference from what was reserved is given back to, or taken from, every
     * limit the check counted in, and the lease ends. It may take the customer past a limit (the work is done).
     * `conflict` when there was no reservation to settle; throws as `check` does otherwise.
     */
    async settle(lease: string, cost: number): Promise<SettleResult> {
      try {
        return {
          outcome: "settled",
          body: await json<LeaseEnded>(await request("POST", "/v1/settle", { lease, cost }), "limits"),
        };
      } catch (error) {
        if (error instanceof BouncerError && error.code === "conflict")
          return { outcome: "conflict", message: error.message };
        throw error;
      }
    },

    /**
     * Ends a lease now (the request in flight is done), freeing its slot under a `concurrent` limit; a reservation
     * released this way keeps its reserved cost. `ended` when it had ended already (released, settled, or expired), or
     * no check answered that id.
     */
    async release(lease: string): Promise<ReleaseResult> {
      try {
        return {
          outcome: "released",
          body: await json<LeaseEnded>(await request("POST", "/v1/release", { lease }), "limits"),
        };
      } catch (error) {
        if (error instanceof BouncerError && error.code === "not_found")
          return { outcome: "ended", message: error.message };
        throw error;
      }
    },

    /**
     * Gives back what an allowed check consumed, for a request that then failed downstream: `cost` returns to every
     * window and bucket of that check, never beyond a limit's size.
     */
    async refund(input: RefundInput): Promise<RefundResult> {
      return json<RefundResult>(await request("POST", "/v1/refund", input), "limits");
    },

    /** A customer's limits as they stand, consuming nothing. */
    async usage(customerId: string): Promise<Usage> {
      return json<Usage>(await request("GET", `/v1/customers/${encodeURIComponent(customerId)}/usage`), "limits");
    },

    /**
     * A customer's allowed and denied checks per UTC day over the last `days` (at most 400), what a monthly bill is
     * made from. Contract section 3 keeps it to admin tokens: give this client one for it.
     */
    async dailyUsage(customerId: string, days?: number): Promise<DailyUsage> {
      const query = days === undefined ? "" : `?days=${days}`;
      return json<DailyUsage>(
        await request("GET", `/v1/customers/${encodeURIComponent(customerId)}/usage/daily${query}`),
        "points",
      );
    },
  };
  return client;
}

export type BouncerClient = ReturnType<typeof createClient>;
