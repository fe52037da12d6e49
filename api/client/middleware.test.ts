// An example backend that uses the client and the middleware against the real service, as a team would.
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ServerProcess, startServer } from "../dev/server-process";
import { createClient } from "./client";
import { QUOTA_EXCEEDED, rateLimit } from "./middleware";

const ADMIN = "client-test-admin-token";
let bouncer: ServerProcess;
let service: string;
let key: string;
let customerId: string;
let silent: Server;
let silentUrl: string;

async function admin(method: string, path: string, body?: unknown) {
  const res = await fetch(`${bouncer.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

function backend(options: { baseUrl?: string; failMode?: "open" | "closed"; cost?: number } = {}) {
  const app = new Hono();
  const client = createClient({ baseUrl: options.baseUrl ?? bouncer.url, token: service, timeoutMs: 300 });
  app.use("/api/*", rateLimit({ client, failMode: options.failMode, cost: () => options.cost ?? 1 }));
  app.get("/api/hello", (c) => c.json({ hello: "world" }));
  return app;
}

beforeAll(async () => {
  bouncer = await startServer({
    DATABASE_URL: `file:${join(mkdtempSync(join(tmpdir(), "bouncer-client-")), "q.db")}`,
    ADMIN_TOKEN: ADMIN,
  });
  await admin("POST", "/v1/plans", { id: "small", name: "Small", burst: 2, perMinute: 6, perDay: 100 });
  customerId = (await admin("POST", "/v1/customers", { name: "Acme", planId: "small" })).id;
  key = (await admin("POST", `/v1/customers/${customerId}/keys`)).key;
  service = (await admin("POST", "/v1/tokens", { name: "backend", role: "service" })).token;
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

  test("the client reads usage without consuming", async () => {
    const client = createClient({ baseUrl: bouncer.url, token: service });
    const first = await client.usage(customerId);
    const second = await client.usage(customerId);
    expect(second).toEqual(first);
    expect(first.limits.map((l) => l.name)).toEqual(["burst", "day"]);
  });
});
