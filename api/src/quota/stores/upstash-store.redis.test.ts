// The Upstash store through @upstash/redis and the local Upstash-REST endpoint in front of a real redis-server:
// the store contract, and outages of the endpoint (stopped, and slower than the budget).
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { type RedisServer, startRedis } from "../../../dev/redis-server";
import { startUpstashEndpoint, type UpstashEndpoint } from "../../../dev/upstash-endpoint";
import type { CounterStore } from "../store";
import { ADDED_KINDS } from "../testing/added-kinds";
import { answerDroppers, lostAnswer } from "../testing/lost-answer-scenario";
import { checksTogether } from "../testing/merged-checks-scenario";
import { BUDGET_MS, outageScenario } from "../testing/outage-scenario";
import { describeCounterStore } from "../testing/store-contract";
import { testSpec } from "../testing/test-spec";
import { createUpstashStore, type UpstashStoreOptions } from "./upstash-store";

let redis: RedisServer;
let endpoint: UpstashEndpoint;
beforeAll(async () => {
  redis = await startRedis();
  endpoint = await startUpstashEndpoint({ redisUrl: redis.url });
});
afterAll(async () => {
  await endpoint?.close();
  await redis?.stop();
});

const harness =
  (options: Pick<UpstashStoreOptions, "mergeRequests" | "abortAfterBudget"> = {}) =>
  async () => {
    let now = 0;
    const store = createUpstashStore({
      url: endpoint.url,
      token: endpoint.token,
      timeoutMs: 5000,
      clock: () => now,
      ...options,
    });
    return {
      store,
      setTime: async (ms: number) => {
        now = ms;
      },
      close: () => store.close(),
    };
  };

describeCounterStore("Upstash (integration, needs redis-server)", harness(), ADDED_KINDS);
// As the Worker builds it (entry/worker-service.ts): each call alone, and together() a view that merges.
describeCounterStore(
  "Upstash as on a Worker (integration, needs redis-server)",
  harness({ mergeRequests: false, abortAfterBudget: false }),
);

/** The URL of each request @upstash/redis sends (through the global fetch) until `restore`. */
function countRequests() {
  const realFetch = globalThis.fetch;
  const urls: string[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    urls.push(String(input));
    return realFetch(input, init);
  });
  return { urls, restore: () => spy.mockRestore() };
}

describe("Upstash store (integration, needs redis-server)", () => {
  test("checks that arrive together go as one EVALSHA in one request, each counted as if alone; a broken one fails alone", async () => {
    const store = createUpstashStore({ url: endpoint.url, token: endpoint.token, timeoutMs: 5000 });
    expect(await checksTogether(store, redis.url)).toBe(1);
  });

  test("as on a Worker (no merging, no abort signal): checks that arrive together go as one request each", async () => {
    const store = createUpstashStore({
      url: endpoint.url,
      token: endpoint.token,
      timeoutMs: 5000,
      mergeRequests: false,
      abortAfterBudget: false,
    });
    // @upstash/redis's auto-pipelining, on by default, would merge the six.
    const requests = countRequests();
    try {
      expect(await checksTogether(store, redis.url)).toBe(6);
    } finally {
      requests.restore();
    }
    // A first check (two requests if the script must be sent), then one POST / per check, none to /pipeline.
    expect(requests.urls.length).toBeGreaterThanOrEqual(7);
    expect(new Set(requests.urls)).toEqual(new Set([endpoint.url.replace(/\/$/, "")]));
  });

  test("as on a Worker, the calls of one request made together through together() go as one request, answered as alone", async () => {
    const now = Date.parse("2026-11-30T10:00:30.000Z");
    const store = createUpstashStore({
      url: endpoint.url,
      token: endpoint.token,
      timeoutMs: 5000,
      clock: () => now,
      mergeRequests: false,
      abortAfterBudget: false,
    });
    const spec = testSpec({ capacity: 5, perMinute: 1, hour: 100, day: null });
    const subjects = Array.from({ length: 20 }, (_, i) => `view-${process.pid}-${i}`);
    for (const [i, subject] of subjects.entries()) for (let n = 0; n < i % 4; n++) await store.check(subject, spec, 1);
    const reads = (s: CounterStore) =>
      Promise.all(subjects.flatMap((subject) => [s.usage(subject, spec), s.history(subject, 3), s.daily(subject, 2)]));
    const alone = await reads(store);

    const requests = countRequests();
    try {
      const view = store.together();
      expect(await reads(view)).toEqual(alone);
      expect(requests.urls).toEqual([`${endpoint.url}/pipeline`]);
      // Checks too, each counted as if alone and a broken one failing alone, in one EVALSHA of one request.
      expect(await checksTogether(store.together(), redis.url)).toBe(1);
      // The store itself still sends each call alone.
      requests.urls.length = 0;
      expect(await reads(store)).toEqual(alone);
      expect(requests.urls).toHaveLength(3 * subjects.length);
    } finally {
      requests.restore();
    }
  });

  test("after SCRIPT FLUSH the scripts are sent again, for checks batched together too", async () => {
    const { Redis } = await import("ioredis");
    const direct = new Redis(redis.url);
    await direct.script("FLUSH");
    const store = createUpstashStore({ url: endpoint.url, token: endpoint.token, timeoutMs: 5000 });
    const spec = testSpec({ capacity: 3, perMinute: 1, hour: null, day: null });
    // Five checks in one turn of the event loop go out as one pipeline.
    const decisions = await Promise.all(Array.from({ length: 5 }, () => store.check("flushed", spec, 1)));
    expect(decisions.map((d) => d.allowed).sort()).toEqual([false, false, true, true, true]);
    direct.disconnect();
  });

  test("after SCRIPT FLUSH a view's calls made together are sent again by source together: two requests in all", async () => {
    const { Redis } = await import("ioredis");
    const direct = new Redis(redis.url);
    const store = createUpstashStore({
      url: endpoint.url,
      token: endpoint.token,
      timeoutMs: 5000,
      mergeRequests: false,
      abortAfterBudget: false,
    });
    const spec = testSpec({ capacity: 3, perMinute: 1, hour: null, day: null });
    const subjects = Array.from({ length: 10 }, (_, i) => `flushed-view-${process.pid}-${i}`);
    await direct.script("FLUSH");
    const requests = countRequests();
    try {
      const view = store.together();
      const [checks, usage, minutes] = await Promise.all([
        Promise.all(subjects.map((subject) => view.check(subject, spec, 2))),
        Promise.all(subjects.map((subject) => view.usage(subject, spec))),
        Promise.all(subjects.map((subject) => view.history(subject, 2))),
      ]);
      expect(checks.map((d) => d.limits[0]?.remaining)).toEqual(subjects.map(() => 1));
      expect(usage.map((d) => d.limits[0]?.remaining)).toEqual(subjects.map(() => 1));
      expect(minutes.map((points) => points.length)).toEqual(subjects.map(() => 2));
    } finally {
      requests.restore();
      direct.disconnect();
    }
    expect(requests.urls).toEqual([`${endpoint.url}/pipeline`, `${endpoint.url}/pipeline`]);
  });
});

describe("when the Upstash endpoint fails (integration, needs redis-server)", () => {
  test("an answer lost after Redis ran the checks: they counted once, and the request is never sent again", async () => {
    const { Redis } = await import("ioredis");
    const direct = new Redis(redis.url);
    const droppers = await answerDroppers([endpoint.port]);
    const url = `http://127.0.0.1:${droppers.ports[0]}`;
    const store = createUpstashStore({ url, token: endpoint.token, timeoutMs: 5000 });
    try {
      await lostAnswer(store, droppers, (key) => direct.hget(key, "hc"));
    } finally {
      await droppers.close();
      direct.disconnect();
    }
  });

  const store = () => createUpstashStore({ url: endpoint.url, token: endpoint.token, timeoutMs: BUDGET_MS });

  test("a wrong token is refused, and the store says so rather than answering", async () => {
    const wrong = createUpstashStore({ url: endpoint.url, token: "wrong", timeoutMs: 2000 });
    await expect(wrong.ping()).rejects.toThrow(/Unauthorized/);
  });

  test("stopped, then started again on the same port", async () => {
    const { port } = endpoint;
    const measured = await outageScenario(store, {
      begin: () => endpoint.close(),
      end: async () => {
        endpoint = await startUpstashEndpoint({ redisUrl: redis.url, port, token: endpoint.token });
      },
    });
    console.log("upstash stopped", measured);
  }, 30_000);

  test("slower than the budget, then quick again", async () => {
    const measured = await outageScenario(store, {
      begin: () => endpoint.setDelay(BUDGET_MS * 3),
      end: () => endpoint.setDelay(0),
    });
    console.log("upstash slow", measured);
  }, 30_000);
});
