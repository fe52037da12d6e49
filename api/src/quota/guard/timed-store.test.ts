// The memory store as the service runs it (assemble-service.ts): timed for /metrics, and otherwise the same store.
import { expect, test } from "vitest";
import { createMetrics } from "../../metrics";
import { createMemoryStore } from "../stores/memory-store";
import { describeCounterStore } from "../testing/store-contract";
import { testSpec } from "../testing/test-spec";
import { timedStore } from "./timed-store";

describeCounterStore("memory, timed", async () => {
  let now = 0;
  const store = createMemoryStore({ now: () => now });
  return {
    store: timedStore(store, createMetrics({ processDefaults: false })),
    setTime: async (ms) => {
      now = ms;
    },
    close: () => store.close(),
  };
});

test("each call is one observation of bouncer_store_duration_seconds", async () => {
  const metrics = createMetrics({ processDefaults: false });
  const store = timedStore(createMemoryStore(), metrics);
  const spec = testSpec({ capacity: null, perMinute: null, hour: 10, day: null });
  await store.check("acme", spec, 1);
  await store.usage("acme", spec);
  await store.together().check("acme", spec, 1);
  expect(await metrics.text()).toMatch(/^bouncer_store_duration_seconds_count 3$/m);
  await store.close();
});
