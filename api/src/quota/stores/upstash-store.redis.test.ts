// The Upstash store through @upstash/redis and the local Upstash-REST endpoint in front of a real redis-server:
// the store contract, and outages of the endpoint (stopped, and slower than the budget).
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { type RedisServer, startRedis } from "../../../dev/redis-server";
import { startUpstashEndpoint, type UpstashEndpoint } from "../../../dev/upstash-endpoint";
import { answerDroppers, lostAnswer } from "../testing/lost-answer-scenario";
import { checksTogether } from "../testing/merged-checks-scenario";
import { BUDGET_MS, outageScenario } from "../testing/outage-scenario";
import { describeCounterStore } from "../testing/store-contract";
import { testSpec } from "../testing/test-spec";
import { createUpstashStore } from "./upstash-store";

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

describeCounterStore("Upstash (integration, needs redis-server)", async () => {
  let now = 0;
  const store = createUpstashStore({ url: endpoint.url, token: endpoint.token, timeoutMs: 5000, clock: () => now });
  return {
    store,
    setTime: async (ms: number) => {
      now = ms;
    },
    close: () => store.close(),
  };
});

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
    // @upstash/redis sends through the global fetch; its auto-pipelining, on by default, would merge the six.
    const realFetch = globalThis.fetch;
    const requests: string[] = [];
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      requests.push(String(input));
      return realFetch(input, init);
    });
    try {
      expect(await checksTogether(store, redis.url)).toBe(6);
    } finally {
      spy.mockRestore();
    }
    // A first check (two requests if the script must be sent), then one POST / per check, none to /pipeline.
    expect(requests.length).toBeGreaterThanOrEqual(7);
    expect(new Set(requests)).toEqual(new Set([endpoint.url.replace(/\/$/, "")]));
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
