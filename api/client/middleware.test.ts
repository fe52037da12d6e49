// An example backend that uses the client and the middleware against the real service, as a team would.
import { createServer as createHttpServer } from "node:http";
import { createServer, type Server } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { type BouncerError, createClient } from "./client";
import { QUOTA_EXCEEDED, type RateLimitOptions, rateLimit } from "./middleware";
import { type Bouncer, startBouncer } from "./testing/bouncer";

let bouncer: Bouncer;
let service: string;
let key: string;
let silent: Server;
let silentUrl: string;
// An upstream the backend proxies to, and a gateway that answers 502 in Bouncer's place (its page, not Bouncer's).
const upstream = createHttpServer((_, res) => res.writeHead(200, { "content-type": "text/plain" }).end("upstream"));
const gateway = createHttpServer((_, res) => res.writeHead(502, { "content-type": "text/html" }).end("<h1>502</h1>"));
// A load balancer in front of Bouncer during a deploy: 503 with a Retry-After of its own.
const draining = createHttpServer((_, res) =>
  res.writeHead(503, { "content-type": "text/html", "retry-after": "30" }).end("<h1>503</h1>"),
);
// A gateway in front of Bouncer that throttles it, as AWS API Gateway and Lambda Function URLs answer: 429 with JSON
// that is no check's answer. And one that answers 200 with JSON of its own (a login page's API, a misrouted path).
const throttling = createHttpServer((_, res) =>
  res.writeHead(429, { "content-type": "application/json" }).end('{"message":"Too Many Requests"}'),
);
const throttlingFor = createHttpServer((_, res) =>
  res.writeHead(429, { "content-type": "application/json", "retry-after": "9" }).end('{"message":"Too Many Requests"}'),
);
const elsewhere = createHttpServer((_, res) =>
  res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'),
);
// A model server that reports the tokens an answer used in a header of its own.
const model = createHttpServer((_, res) =>
  res.writeHead(200, { "content-type": "application/json", "x-tokens-used": "700" }).end('{"text":"hi"}'),
);
const urlOf = (server: { address(): unknown }) => `http://127.0.0.1:${(server.address() as { port: number }).port}`;

function backend(
  options: { baseUrl?: string; cost?: number; resource?: RateLimitOptions["resource"]; fetch?: typeof fetch } & Pick<
    RateLimitOptions,
    "failMode" | "refundOnError" | "onError" | "settle" | "leaseSeconds"
  > = {},
) {
  const app = new Hono<{ Variables: { tokensUsed: number } }>();
  const client = createClient({
    baseUrl: options.baseUrl ?? bouncer.url,
    token: service,
    timeoutMs: 300,
    fetch: options.fetch,
  });
  const { failMode, resource, refundOnError, onError, settle, leaseSeconds } = options;
  app.use(
    "/api/*",
    rateLimit({
      client,
      failMode,
      resource,
      refundOnError,
      onError,
      settle,
      leaseSeconds,
      cost: () => options.cost ?? 1,
    }),
  );
  app.get("/api/hello", (c) => c.json({ hello: "world" }));
  // A response made by fetch() has immutable headers.
  app.get("/api/proxy", () => fetch(urlOf(upstream)));
  app.post("/api/generate/:model", (c) => c.json({ generated: c.req.param("model") }));
  // As a team's backend would: a thrown error answered 500 without a stack trace in the test's output, an
  // HTTPException by its own status.
  app.onError((error, c) =>
    error instanceof HTTPException ? error.getResponse() : c.json({ error: "internal" }, 500),
  );
  app.get("/api/broken", () => {
    throw new Error("the database is down");
  });
  app.get("/api/unavailable", (c) => c.json({ error: "try later" }, 503));
  app.get("/api/invalid", () => {
    throw new HTTPException(400, { message: "no such model" });
  });
  return app;
}

/**
 * The answer once a server has sent it: its body read to the end, as every server does (the middleware ends a
 * request's lease, or gives back what a failed one cost, when its answer has been sent).
 */
async function sent(answer: Response | Promise<Response>): Promise<Response> {
  const res = await answer;
  await res.clone().arrayBuffer();
  return res;
}

beforeAll(async () => {
  bouncer = await startBouncer();
  await bouncer.admin("POST", "/v1/plans", {
    id: "small",
    name: "Small",
    burst: 2,
    perMinute: 6,
    perDay: 100,
    resources: { "ai.generate": { perMinute: 1, perDay: 5 } },
  });
  key = (await bouncer.customer("small")).key;
  service = await bouncer.serviceToken();
  // Accepts connections and never answers: a service that hangs.
  silent = createServer(() => {}).listen(0, "127.0.0.1");
  await new Promise((r) => silent.once("listening", r));
  silentUrl = urlOf(silent);
  // Requests in flight, one at a time, and tokens by the day.
  await bouncer.admin("POST", "/v1/plans", { id: "llm", name: "LLM", perDay: 10_000, concurrent: 1 });
  for (const server of [upstream, gateway, draining, throttling, throttlingFor, elsewhere, model])
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
});
afterAll(async () => {
  silent?.close();
  upstream.close();
  gateway.close();
  draining.close();
  throttling.close();
  throttlingFor.close();
  elsewhere.close();
  model.close();
  await bouncer?.kill();
});

describe("the Hono middleware against the real service", () => {
  test("allowed: the backend answers, with the rate-limit headers passed on", async () => {
    const res = await backend().request("/api/hello", { headers: { "x-api-key": key } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ hello: "world" });
    expect(res.headers.get("x-ratelimit-limit")).toBe("2");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("1");
    expect(res.headers.get("ratelimit-policy")).toBe('"burst";q=2;w=20, "day";q=100;w=86400');
    expect(res.headers.get("ratelimit")).toMatch(/^"burst";r=1;t=\d+$/);
  });

  test("denied: 429 with Retry-After and the quota-exceeded problem of the rate-limit headers draft", async () => {
    const app = backend();
    const bearer = { authorization: `Bearer ${key}` };
    await app.request("/api/hello", { headers: bearer });
    const res = await app.request("/api/hello", { headers: bearer });
    expect(res.status).toBe(429);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(10);
    expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(await res.json()).toEqual({
      status: 429,
      type: QUOTA_EXCEEDED,
      title: "Request cannot be satisfied as assigned quota has been exceeded",
      detail: expect.stringMatching(/^Try again in \d+ seconds?\.$/),
      "violated-policies": ["burst"],
    });
  });

  test("a cost beyond the quota is refused for good", async () => {
    const res = await backend({ cost: 3 }).request("/api/hello", { headers: { "x-api-key": key } });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeNull();
    expect((await res.json()).detail).toBe("This request costs more than the quota allows at all.");
  });

  test("no key, or a key Bouncer does not know: 401 problem", async () => {
    const challenges = ["Bearer", 'Bearer error="invalid_token"'];
    for (const [i, headers] of ([{}, { "x-api-key": "qk_not-a-real-key" }] as Record<string, string>[]).entries()) {
      const res = await backend().request("/api/hello", { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      // RFC 9110: a 401 says how to authenticate.
      expect(res.headers.get("www-authenticate")).toBe(challenges[i]);
    }
  });

  // The silent service never answers: an answer at all shows the client's timeout ended the wait.
  test("when Bouncer hangs: fail open lets the request through, fail closed answers 503, once the timeout ends", async () => {
    for (const [failMode, status] of [
      ["open", 200],
      ["closed", 503],
    ] as const) {
      const res = await backend({ baseUrl: silentUrl, failMode }).request("/api/hello", {
        headers: { "x-api-key": key },
      });
      expect(res.status).toBe(status);
    }
  });

  test("a 5xx that is not Bouncer's (a gateway's page): the middleware's own failMode decides", async () => {
    const served = await backend({ baseUrl: urlOf(gateway), failMode: "open" }).request("/api/hello", {
      headers: { "x-api-key": key },
    });
    expect(served.status).toBe(200);
    const refused = await backend({ baseUrl: urlOf(gateway), failMode: "closed" }).request("/api/hello", {
      headers: { "x-api-key": key },
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
  });

  test("fail closed behind a gateway's 503 answers with the gateway's Retry-After", async () => {
    const refused = await backend({ baseUrl: urlOf(draining), failMode: "closed" }).request("/api/hello", {
      headers: { "x-api-key": key },
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("30");
  });

  // Found by an audit: the gateway's 429 was read as a check's answer, and its Retry-After lost on the way.
  test("fail closed behind a gateway's 429 answers with the gateway's Retry-After", async () => {
    const refused = await backend({ baseUrl: urlOf(throttlingFor), failMode: "closed" }).request("/api/hello", {
      headers: { "x-api-key": key },
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("9");
  });

  test("a caller's key too long to be one (a JWT) is a 401, not Bouncer refusing the check: onError is not told", async () => {
    const onError = vi.fn();
    const jwt = `eyJ${"a".repeat(400)}`;
    for (const headers of [{ authorization: `Bearer ${jwt}` }, { "x-api-key": jwt }] as Record<string, string>[]) {
      const res = await backend({ onError }).request("/api/hello", { headers });
      expect(res.status).toBe(401);
    }
    expect(onError).not.toHaveBeenCalled();
  });

  test("an error of the backend's own before the check (a cost that cannot be sent) is thrown, never served open", async () => {
    const app = new Hono();
    const client = createClient({ baseUrl: bouncer.url, token: service });
    // JSON.stringify throws on a BigInt: the check never leaves, and no fail mode may serve the request for it.
    app.use("/api/*", rateLimit({ client, failMode: "open", cost: () => 10n as unknown as number }));
    app.get("/api/hello", (c) => c.json({ hello: "world" }));
    app.onError((error, c) => c.json({ error: error.name }, 500));
    const res = await app.request("/api/hello", { headers: { "x-api-key": key } });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "TypeError" });
  });

  test("a 429 or 200 that is no check's answer (a gateway throttling Bouncer): the middleware's own failMode decides", async () => {
    for (const address of [throttling, elsewhere]) {
      const served = await backend({ baseUrl: urlOf(address), failMode: "open" }).request("/api/hello", {
        headers: { "x-api-key": key },
      });
      expect(served.status).toBe(200);
      expect(await served.json()).toEqual({ hello: "world" });
      const refused = await backend({ baseUrl: urlOf(address), failMode: "closed" }).request("/api/hello", {
        headers: { "x-api-key": key },
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("1");
    }
  });

  test("a proxied fetch() response, whose headers are immutable, is answered with the rate-limit headers", async () => {
    const { key: own } = await bouncer.customer("small");
    const res = await backend().request("/api/proxy", { headers: { "x-api-key": own } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("upstream");
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(res.headers.get("x-ratelimit-limit")).toBe("2");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("1");
  });

  test("a check Bouncer refuses as malformed is the integrator's bug: 500, logged with Bouncer's code and message", async () => {
    const { key: own } = await bouncer.customer("small");
    const cases = [
      { key: own, resource: "AI.Generate", cost: 1 },
      { key: own, resource: undefined, cost: 0.5 },
    ];
    for (const { key: sent, resource, cost } of cases) {
      const told: BouncerError[] = [];
      const res = await backend({ resource, cost, onError: (error) => told.push(error) }).request("/api/hello", {
        headers: { "x-api-key": sent },
      });
      expect(res.status).toBe(500);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ status: 400, code: "invalid_request", requestId: expect.any(String) });
      expect(told[0]?.message).toMatch(/resource|cost/);
    }
    // Nothing of the two was counted: the customer's bucket is full.
    expect(
      (await backend().request("/api/hello", { headers: { "x-api-key": own } })).headers.get("x-ratelimit-remaining"),
    ).toBe("1");

    // By default the reason goes to the console, with Bouncer's code and message.
    const console = vi.spyOn(globalThis.console, "error").mockImplementation(() => {});
    try {
      const res = await backend({ cost: 0.5 }).request("/api/hello", { headers: { "x-api-key": own } });
      expect(res.status).toBe(500);
      expect(console).toHaveBeenCalledOnce();
      expect(String(console.mock.calls[0]?.[0])).toMatch(/GET \/api\/hello: 400 invalid_request: cost/);
    } finally {
      console.mockRestore();
    }
  });

  test("a route's resource: its limits apply on top of the plan's, named outright or by a function of the request", async () => {
    const app = backend({ resource: (c) => (c.req.path.startsWith("/api/generate/") ? "ai.generate" : undefined) });
    const headers = { "x-api-key": (await bouncer.customer("small")).key };
    const first = await app.request("/api/generate/small", { method: "POST", headers });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ generated: "small" });
    expect(first.headers.get("ratelimit-policy")).toContain('"ai.generate/burst";q=1');
    const second = await app.request("/api/generate/small", { method: "POST", headers });
    expect(second.status).toBe(429);
    expect((await second.json())["violated-policies"]).toEqual(["ai.generate/burst"]);
    // The resource's bucket is empty; the plan's still holds one request for the routes that spend no resource.
    expect((await sent(app.request("/api/hello", { headers }))).status).toBe(200);

    const named = backend({ resource: "ai.generate" });
    const other = { "x-api-key": (await bouncer.customer("small")).key };
    expect((await named.request("/api/hello", { headers: other })).status).toBe(200);
    expect((await named.request("/api/hello", { headers: other })).status).toBe(429);
  });

  test("refundOnError: a handler's 5xx, thrown or answered, gives the request's cost back; by default it stays counted", async () => {
    const usage = createClient({ baseUrl: bouncer.url, token: service });
    const dayLeft = async (id: string) => (await usage.usage(id)).limits.find((l) => l.name === "day")?.remaining;

    const refunded = await bouncer.customer("small");
    const app = backend({ refundOnError: true, cost: 2 });
    const broken = await sent(app.request("/api/broken", { headers: { "x-api-key": refunded.key } }));
    expect(broken.status).toBe(500);
    // The rate-limit headers are those of the check, passed on as for any other answer.
    expect(broken.headers.get("x-ratelimit-limit")).toBe("2");
    expect((await sent(app.request("/api/unavailable", { headers: { "x-api-key": refunded.key } }))).status).toBe(503);
    expect(await dayLeft(refunded.id)).toBe(100);
    expect((await sent(app.request("/api/hello", { headers: { "x-api-key": refunded.key } }))).status).toBe(200);
    expect(await dayLeft(refunded.id)).toBe(98);
    // A 4xx is the caller's, even when the handler threw to answer it (an audit read "or throws" as any throw).
    const invalid = await bouncer.customer("small");
    expect((await sent(app.request("/api/invalid", { headers: { "x-api-key": invalid.key } }))).status).toBe(400);
    expect(await dayLeft(invalid.id)).toBe(98);

    const counted = await bouncer.customer("small");
    const plain = await backend({ cost: 2 }).request("/api/broken", { headers: { "x-api-key": counted.key } });
    expect(plain.status).toBe(500);
    expect(await dayLeft(counted.id)).toBe(98);
  });
});

/** A promise the test resolves: a handler waits on it, and says when it has started. */
function gate() {
  let open = () => {};
  let enter = () => {};
  const opened = new Promise<void>((r) => {
    open = r;
  });
  const entered = new Promise<void>((r) => {
    enter = r;
  });
  return { open, opened, enter, entered };
}

describe("leases through the middleware against the real service", () => {
  const usage = () => createClient({ baseUrl: bouncer.url, token: service });
  const admin = () => createClient({ baseUrl: bouncer.url, token: bouncer.adminToken });
  const left = async (id: string, name: "day" | "concurrent") =>
    (await usage().usage(id)).limits.find((l) => l.name === name)?.remaining;

  test("a concurrent limit of 1: the lease is held while the handler runs (a second request is 429), freed after", async () => {
    const { id, key } = await bouncer.customer("llm");
    const headers = { "x-api-key": key };
    const app = backend();
    const slow = gate();
    app.get("/api/slow", async (c) => {
      slow.enter();
      await slow.opened;
      return c.text("done");
    });
    const first = app.request("/api/slow", { headers });
    await slow.entered;
    expect(await left(id, "concurrent")).toBe(0);

    const second = await app.request("/api/hello", { headers });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await second.json())["violated-policies"]).toEqual(["concurrent"]);

    slow.open();
    const answered = await first;
    expect(answered.status).toBe(200);
    expect(await answered.text()).toBe("done");
    // Released before the answer left: the caller's next request finds its slot free.
    expect(await left(id, "concurrent")).toBe(1);
    for (let i = 0; i < 2; i++) expect((await sent(app.request("/api/hello", { headers }))).status).toBe(200);
  });

  // Found by an audit: Hono answers a HEAD with the GET route's headers and drops its body unread, so a lease held
  // until the body was sent was never freed (the caller's next requests were 429 until it expired).
  test("a HEAD request, answered without a body, ends its lease", async () => {
    const { id, key } = await bouncer.customer("llm");
    const headers = { "x-api-key": key };
    const app = backend();
    const head = await app.request("/api/hello", { method: "HEAD", headers });
    expect([head.status, head.body]).toEqual([200, null]);
    expect(await left(id, "concurrent")).toBe(1);
    expect((await sent(app.request("/api/hello", { headers }))).status).toBe(200);
  });

  // Found by an audit: served by @hono/node-server, a 204 or 304 answered with a body (c.body("", 204)), which a
  // Response may not hold, made the middleware's own Response throw: the caller got 500, and the lease stayed held
  // until it expired (the caller's next requests 429).
  test("served by @hono/node-server: a 204 or a 304 given a body is answered as it is, and ends its lease", async () => {
    const { id, key } = await bouncer.customer("llm");
    const app = backend();
    // Hono types a 204 or 304 as bodiless; a Response made by hand (or JavaScript) gives it one anyway.
    app.get("/api/nothing", () => new Response("", { status: 204 }));
    app.get("/api/unchanged", () => new Response("x", { status: 304 }));
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    try {
      await new Promise((r) => server.once("listening", r));
      const get = (path: string) => fetch(`${urlOf(server)}${path}`, { headers: { "x-api-key": key } });
      for (const [path, status] of [
        ["/api/nothing", 204],
        ["/api/unchanged", 304],
      ] as const) {
        expect((await sent(get(path))).status, path).toBe(status);
        expect(await left(id, "concurrent"), path).toBe(1);
      }
      expect((await sent(get("/api/hello"))).status).toBe(200);
    } finally {
      server.close();
    }
  });

  test("a handler that throws, or answers 5xx, still ends its lease", async () => {
    const { id, key } = await bouncer.customer("llm");
    const headers = { "x-api-key": key };
    const app = backend();
    expect((await sent(app.request("/api/broken", { headers }))).status).toBe(500);
    expect(await left(id, "concurrent")).toBe(1);
    expect((await sent(app.request("/api/unavailable", { headers }))).status).toBe(503);
    expect(await left(id, "concurrent")).toBe(1);
    expect((await sent(app.request("/api/hello", { headers }))).status).toBe(200);
  });

  test("a release Bouncer does not answer does not fail the response; the lease then ends by itself", async () => {
    const { key } = await bouncer.customer("llm");
    const headers = { "x-api-key": key };
    const releases: string[] = [];
    const noRelease: typeof fetch = (input, init) => {
      if (String(input).endsWith("/v1/release")) {
        releases.push(String(input));
        return Promise.reject(new TypeError("fetch failed"));
      }
      return fetch(input, init);
    };
    const app = backend({ fetch: noRelease, leaseSeconds: 1 });
    const served = await app.request("/api/hello", { headers });
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual({ hello: "world" });
    expect(releases).toHaveLength(1);
    // Still held, until its expiresAt a second or two on.
    expect((await sent(app.request("/api/hello", { headers }))).status).toBe(429);
    await vi.waitFor(async () => expect((await sent(backend().request("/api/hello", { headers }))).status).toBe(200), {
      timeout: 5000,
      interval: 250,
    });
  });

  test("settle from a response header: 4,000 reserved, settled at the 1,500 used; the header is not passed on", async () => {
    const { id, key } = await bouncer.customer("llm");
    const headers = { "x-api-key": key };
    const app = backend({ cost: 4000, settle: { header: "x-tokens-used" } });
    let reserved: number | undefined;
    app.post("/api/chat", async (c) => {
      reserved = await left(id, "day");
      c.header("x-tokens-used", "1500");
      return c.json({ text: "hello" });
    });
    app.post("/api/proxy-model", () => fetch(urlOf(model)));
    const res = await app.request("/api/chat", { method: "POST", headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: "hello" });
    expect(res.headers.get("x-tokens-used")).toBeNull();
    expect(res.headers.get("x-ratelimit-limit")).not.toBeNull();
    expect(reserved).toBe(6000);
    expect(await left(id, "day")).toBe(8500);
    expect(await left(id, "concurrent")).toBe(1);
    expect((await admin().dailyUsage(id, 1)).points).toEqual([
      { day: new Date().toISOString().slice(0, 10), allowed: 1, denied: 0, units: 1500 },
    ]);

    // A proxied answer (immutable headers) that carries the count: settled, and the header taken off too.
    const proxied = await app.request("/api/proxy-model", { method: "POST", headers });
    expect(await proxied.json()).toEqual({ text: "hi" });
    expect(proxied.headers.get("x-tokens-used")).toBeNull();
    expect(await left(id, "day")).toBe(7800);

    // No header: the lease is released and the 4,000 reserved stay counted.
    expect((await sent(app.request("/api/hello", { headers }))).status).toBe(200);
    expect(await left(id, "day")).toBe(3800);
    expect(await left(id, "concurrent")).toBe(1);
    // 4,000 more do not fit today: denied by the day alone, the free slot in flight is no violated policy.
    const denied = await app.request("/api/chat", { method: "POST", headers });
    expect(denied.status).toBe(429);
    expect((await denied.json())["violated-policies"]).toEqual(["day"]);
  });

  test("settle from a function of the context; with refundOnError a 5xx settles at 0", async () => {
    const { id, key } = await bouncer.customer("llm");
    const headers = { "x-api-key": key };
    const app = backend({ cost: 4000, refundOnError: true, settle: (c) => c.get("tokensUsed") });
    app.post("/api/chat", (c) => {
      c.set("tokensUsed", 250);
      return c.json({ text: "hello" });
    });
    expect((await sent(app.request("/api/chat", { method: "POST", headers }))).status).toBe(200);
    expect(await left(id, "day")).toBe(9750);
    expect((await sent(app.request("/api/broken", { headers }))).status).toBe(500);
    expect(await left(id, "day")).toBe(9750);
    expect(await left(id, "concurrent")).toBe(1);
  });

  // An LLM's answer as it is generated: a first chunk, then the rest once the test lets the model finish, which
  // reports the tokens it used as it ends.
  const streamingChat = (app: ReturnType<typeof backend>, done: Promise<void>, broken = false) =>
    app.post("/api/stream", (c) =>
      c.body(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode("Once "));
            await done;
            if (broken) return controller.error(new Error("the model went away"));
            c.set("tokensUsed", 1500);
            controller.enqueue(new TextEncoder().encode("upon a time"));
            controller.close();
          },
        }),
      ),
    );

  test("a streamed answer holds its lease until its last chunk, and settles at the cost set as it ends", async () => {
    const { id, key } = await bouncer.customer("llm");
    const headers = { "x-api-key": key };
    const app = backend({ cost: 4000, settle: (c) => c.get("tokensUsed") });
    const model = gate();
    streamingChat(app, model.opened);
    const res = await app.request("/api/stream", { method: "POST", headers });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("Once ");
    // Still generating: in flight, its 4,000 reserved.
    expect(await left(id, "concurrent")).toBe(0);
    expect(await left(id, "day")).toBe(6000);
    const second = await app.request("/api/hello", { headers });
    expect(second.status).toBe(429);
    expect((await second.json())["violated-policies"]).toEqual(["concurrent"]);

    model.open();
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toBe("upon a time");
    // Settled before the last of the body was given out: the slot is free and the 1,500 used are what is counted.
    expect(await left(id, "concurrent")).toBe(1);
    expect(await left(id, "day")).toBe(8500);
    expect((await sent(app.request("/api/hello", { headers }))).status).toBe(200);
  });

  test("a caller that goes away mid-stream frees the slot; a stream that breaks is a failure (refundOnError)", async () => {
    const { id, key } = await bouncer.customer("llm");
    const headers = { "x-api-key": key };
    const gone = backend({ cost: 4000, settle: (c) => c.get("tokensUsed") });
    streamingChat(gone, new Promise(() => {}));
    const res = await gone.request("/api/stream", { method: "POST", headers });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    expect(await left(id, "concurrent")).toBe(0);
    await reader.cancel();
    // No cost reported: released, the 4,000 reserved stay counted.
    expect(await left(id, "concurrent")).toBe(1);
    expect(await left(id, "day")).toBe(6000);

    const model = gate();
    const breaking = backend({ cost: 4000, refundOnError: true, settle: (c) => c.get("tokensUsed") });
    streamingChat(breaking, model.opened, true);
    const broken = await breaking.request("/api/stream", { method: "POST", headers });
    const body = (broken.body as ReadableStream<Uint8Array>).getReader();
    await body.read();
    expect(await left(id, "day")).toBe(2000);
    model.open();
    await expect(body.read()).rejects.toThrow("the model went away");
    // Settled at 0: the reservation is given back whole.
    expect(await left(id, "day")).toBe(6000);
    expect(await left(id, "concurrent")).toBe(1);

    // With no lease and nothing to settle, a stream that breaks is refunded too (an audit found it counted).
    const plain = await bouncer.customer("small");
    const unleased = gate();
    const refunding = backend({ cost: 2, refundOnError: true });
    streamingChat(refunding, unleased.opened, true);
    const cut = await refunding.request("/api/stream", { method: "POST", headers: { "x-api-key": plain.key } });
    const cutBody = (cut.body as ReadableStream<Uint8Array>).getReader();
    await cutBody.read();
    expect(await left(plain.id, "day")).toBe(98);
    unleased.open();
    await expect(cutBody.read()).rejects.toThrow("the model went away");
    expect(await left(plain.id, "day")).toBe(100);
  });

  test("served by @hono/node-server: a stream read to its end settles; a caller that hangs up mid-stream frees the slot", async () => {
    const { id, key } = await bouncer.customer("llm");
    const servers: ServerType[] = [];
    const listen = async (app: ReturnType<typeof backend>) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
      servers.push(server);
      await new Promise((r) => server.once("listening", r));
      return `${urlOf(server)}/api/stream`;
    };
    const chat = (url: string, signal?: AbortSignal) =>
      fetch(url, { method: "POST", headers: { "x-api-key": key }, signal });
    try {
      const app = backend({ cost: 4000, settle: (c) => c.get("tokensUsed") });
      const model = gate();
      streamingChat(app, model.opened);
      const reader = ((await chat(await listen(app))).body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      expect(await left(id, "concurrent")).toBe(0);
      model.open();
      while (!(await reader.read()).done);
      expect(await left(id, "concurrent")).toBe(1);
      expect(await left(id, "day")).toBe(8500);

      // A caller that hangs up: the server cancels the body, which ends the lease (its 4,000 reserved stay counted),
      // long before the lease's 60 s would.
      const stalled = backend({ cost: 4000, settle: (c) => c.get("tokensUsed") });
      streamingChat(stalled, new Promise(() => {}));
      const hangUp = new AbortController();
      const res = await chat(await listen(stalled), hangUp.signal);
      await (res.body as ReadableStream<Uint8Array>).getReader().read();
      expect(await left(id, "concurrent")).toBe(0);
      hangUp.abort();
      await vi.waitFor(async () => expect(await left(id, "concurrent")).toBe(1), { timeout: 5000, interval: 50 });
      expect(await left(id, "day")).toBe(4500);
    } finally {
      for (const server of servers) server.close();
    }
  });

  test("a reported cost Bouncer refuses: onError is told, the response stands, and the lease is released", async () => {
    const { id, key } = await bouncer.customer("llm");
    const headers = { "x-api-key": key };
    const told: BouncerError[] = [];
    const app = backend({ cost: 10, settle: { header: "x-tokens-used" }, onError: (error) => told.push(error) });
    app.get("/api/odd", (c) => {
      c.header("x-tokens-used", "many");
      return c.text("served");
    });
    const res = await app.request("/api/odd", { headers });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("served");
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ status: 400, code: "invalid_request", message: expect.stringContaining("cost") });
    expect(await left(id, "concurrent")).toBe(1);
    expect(await left(id, "day")).toBe(9990);
  });
});
