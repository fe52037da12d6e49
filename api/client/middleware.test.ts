// An example backend that uses the client and the middleware against the real service, as a team would.
import { createServer, type Server } from "node:net";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createClient } from "./client";
import { QUOTA_EXCEEDED, type RateLimitOptions, rateLimit } from "./middleware";
import { type Bouncer, startBouncer } from "./testing/bouncer";

let bouncer: Bouncer;
let service: string;
let key: string;
let silent: Server;
let silentUrl: string;

function backend(
  options: { baseUrl?: string; cost?: number } & Pick<RateLimitOptions, "failMode" | "resource" | "refundOnError"> = {},
) {
  const app = new Hono();
  const client = createClient({ baseUrl: options.baseUrl ?? bouncer.url, token: service, timeoutMs: 300 });
  const { failMode, resource, refundOnError } = options;
  app.use("/api/*", rateLimit({ client, failMode, resource, refundOnError, cost: () => options.cost ?? 1 }));
  app.get("/api/hello", (c) => c.json({ hello: "world" }));
  app.post("/api/generate/:model", (c) => c.json({ generated: c.req.param("model") }));
  // As a team's backend would: a thrown error answered 500 without a stack trace in the test's output.
  app.onError((_, c) => c.json({ error: "internal" }, 500));
  app.get("/api/broken", () => {
    throw new Error("the database is down");
  });
  app.get("/api/unavailable", (c) => c.json({ error: "try later" }, 503));
  return app;
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
  silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
});
afterAll(async () => {
  silent?.close();
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
      detail: expect.stringMatching(/^Try again in \d+ seconds\.$/),
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
    for (const headers of [{}, { "x-api-key": "qk_not-a-real-key" }] as Record<string, string>[]) {
      const res = await backend().request("/api/hello", { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  test("when Bouncer hangs: fail open lets the request through, fail closed answers 503, both within the timeout", async () => {
    for (const [failMode, status] of [
      ["open", 200],
      ["closed", 503],
    ] as const) {
      const started = performance.now();
      const res = await backend({ baseUrl: silentUrl, failMode }).request("/api/hello", {
        headers: { "x-api-key": key },
      });
      expect(res.status).toBe(status);
      expect(performance.now() - started).toBeLessThan(2000);
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
    expect((await app.request("/api/hello", { headers })).status).toBe(200);

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
    const broken = await app.request("/api/broken", { headers: { "x-api-key": refunded.key } });
    expect(broken.status).toBe(500);
    // The rate-limit headers are those of the check, passed on as for any other answer.
    expect(broken.headers.get("x-ratelimit-limit")).toBe("2");
    expect((await app.request("/api/unavailable", { headers: { "x-api-key": refunded.key } })).status).toBe(503);
    expect(await dayLeft(refunded.id)).toBe(100);
    expect((await app.request("/api/hello", { headers: { "x-api-key": refunded.key } })).status).toBe(200);
    expect(await dayLeft(refunded.id)).toBe(98);

    const counted = await bouncer.customer("small");
    const plain = await backend({ cost: 2 }).request("/api/broken", { headers: { "x-api-key": counted.key } });
    expect(plain.status).toBe(500);
    expect(await dayLeft(counted.id)).toBe(98);
  });
});
