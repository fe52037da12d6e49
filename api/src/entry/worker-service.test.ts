// A Worker with a bad environment: one line naming what is wrong, and no service, as a Node server refuses to start.
import { spawnSync } from "node:child_process";
import type { ExecutionContext } from "hono";
import { describe, expect, test } from "vitest";
import worker from "./worker";
import { workerService } from "./worker-service";

const refusal = (bindings: Record<string, unknown>) => {
  const result = workerService(bindings);
  return result.ok ? "built" : result.error;
};

describe("the Worker's configuration", () => {
  test("a bad value names its variable", () => {
    expect(refusal({ STORE_TIMEOUT_MS: "soon" })).toMatch(/^Invalid configuration: STORE_TIMEOUT_MS/);
    expect(refusal({ UPSTASH_REDIS_REST_URL: "redis://x" })).toMatch(/UPSTASH_REDIS_REST_URL/);
  });

  test("what a Worker cannot use is refused by name: a file database, Redis over TCP, no database at all", () => {
    expect(refusal({ DB: {}, DATABASE_URL: "file:data/quota.db" })).toMatch(/DATABASE_URL must be a libsql/);
    expect(refusal({ DB: {}, REDIS_URL: "redis://127.0.0.1:6379" })).toMatch(/COUNTER_STORE=redis needs TCP/);
    expect(refusal({})).toMatch(/no D1 binding DB/);
  });

  test("a Worker built on a bad value answers 500 that says where to look, never the value (it may hold a secret)", async () => {
    // The bad value is not hex: a random request id once held "abc" (CI, 1aba1a8).
    const bindings = {
      DB: {},
      STORE_TIMEOUT_MS: "soonish",
      DATABASE_URL: "libsql://db.example.turso.io?authToken=SECRET",
    };
    const ctx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
    const res = await worker.fetch(new Request("http://bouncer/healthz"), bindings, ctx);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/soonish|SECRET|turso/);
    expect(JSON.parse(text).error).toMatchObject({ code: "internal", message: expect.stringContaining("log") });
    expect(res.headers.get("x-request-id")).toBe(JSON.parse(text).error.requestId);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("npm run dev:worker on a bad value stops before wrangler starts, with the one line", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "api/dev/dev-worker.ts"], {
      env: { ...process.env, STORE_TIMEOUT_MS: "abc", PORT: "1" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(/^Invalid configuration: STORE_TIMEOUT_MS .*"abc"$/);
  });

  test("npm run dev:worker checks PORT as npm start does (audit: wrangler's NaN error, PORT never named)", () => {
    for (const port of ["abc", "0", "65536"]) {
      const run = spawnSync(process.execPath, ["--import", "tsx", "api/dev/dev-worker.ts"], {
        env: { ...process.env, PORT: port },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(
        `Invalid configuration: PORT must be a port number from 1 to 65535, got "${port}"`,
      );
    }
  });
});
