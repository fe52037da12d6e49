// A check the store runs after its server gave up on it (STORE_TIMEOUT_MS) is counted there: the alert thresholds it
// reached are in its late answer alone, and the limiter raises them from it (contract section 13: never lost).
import { expect, test } from "vitest";
import { noLimits } from "../../domain/limit-kinds";
import { createMetrics } from "../../metrics";
import { createLimiter } from "../limiter";
import { quotaPolicy } from "../limits";
import type { CounterStore } from "../store";
import { createMemoryStore } from "../stores/memory-store";
import { guardStore } from "./guarded-store";

test("a check answered after its budget is answered by its fail mode, and the thresholds it reached are raised once it comes", async () => {
  const memory = createMemoryStore();
  let slow = false;
  // The store's answers to checks arrive 100 ms late while `slow`, after the guard's 20 ms.
  const store: CounterStore = {
    ...memory,
    check: (...args) =>
      slow ? new Promise((r) => setTimeout(r, 100)).then(() => memory.check(...args)) : memory.check(...args),
  };
  const logger = { debug: () => {}, info: () => {}, error: () => {} };
  const metrics = createMetrics({ processDefaults: false });
  const raised: [string, number][] = [];
  const limiter = createLimiter(guardStore(store, { timeoutMs: 20, logger, metrics }), {
    metrics,
    onBackgroundCrossings: (_policy, crossings) => {
      for (const c of crossings) raised.push([c.limit, c.threshold]);
    },
  });
  const policy = quotaPolicy({ ...noLimits(), perDay: 4 }, {}, null, null, "open", false, [50]);
  expect((await limiter.check("acme", policy, 1)).outcome).toBe("allowed");
  slow = true;
  expect(await limiter.check("acme", policy, 1)).toMatchObject({ outcome: "degraded", allowed: true });
  expect(raised).toEqual([]);
  await new Promise((r) => setTimeout(r, 300));
  expect(raised).toEqual([["day", 50]]);
  expect((await memory.usage("acme", policy.spec)).limits[0]?.remaining).toBe(2);
  await limiter.close();
});
