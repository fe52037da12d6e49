// A Worker with a bad environment: one line naming what is wrong, and no service, as a Node server refuses to start.
import { describe, expect, test } from "vitest";
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
});
