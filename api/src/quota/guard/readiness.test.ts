// Readiness (/readyz) and the breakers: a server whose breaker is open answers checks by fail mode, so it is not ready
// until its probe has found the store, even when the store would answer a ping at once.
import { expect, test } from "vitest";
import { createMetrics } from "../../metrics";
import { type CounterStore, StoreUnavailable } from "../store";
import { createMemoryStore } from "../stores/memory-store";
import { testSpec } from "../testing/test-spec";
import { guardStore } from "./guarded-store";

// Found in CI: a test waited for /readyz 200 on two servers after a stall, and one still answered by fail mode.
test("the store back but the breaker not probed yet: checks fail at once and the store is not ready; the probe closes both", async () => {
  const memory = createMemoryStore();
  let down = true;
  const store: CounterStore = {
    ...memory,
    check: (...args) => (down ? Promise.reject(new Error("connection refused")) : memory.check(...args)),
    ping: () => (down ? Promise.reject(new Error("connection refused")) : memory.ping()),
  };
  // The probe runs when the test says: the schedule keeps it.
  let probe: () => unknown = () => {};
  const counters = guardStore(store, {
    timeoutMs: 100,
    logger: { debug: () => {}, info: () => {}, error: () => {} },
    metrics: createMetrics({ processDefaults: false }),
    schedule: (_everyMs, run) => {
      probe = run;
      return () => {};
    },
  });
  const spec = testSpec({ hour: 10 });
  for (let i = 0; i < 3; i++) await expect(counters.check("acme", spec, 1)).rejects.toThrow(StoreUnavailable);
  await expect(counters.ping()).rejects.toThrow(StoreUnavailable);

  down = false;
  // The check is refused by the open breaker, so the server is not ready either, though a ping would be answered.
  await expect(counters.check("acme", spec, 1)).rejects.toThrow(StoreUnavailable);
  await expect(counters.ping()).rejects.toThrow(StoreUnavailable);
  expect(counters.available).toBe(false);

  await probe();
  expect(counters.available).toBe(true);
  await expect(counters.ping()).resolves.toBeUndefined();
  expect((await counters.check("acme", spec, 1)).allowed).toBe(true);
  await counters.close();
});
