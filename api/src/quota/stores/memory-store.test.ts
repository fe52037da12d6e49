import { describe, expect, test } from "vitest";
import { ADDED_KINDS } from "../testing/added-kinds";
import { describeCounterStore } from "../testing/store-contract";
import { testSpec } from "../testing/test-spec";
import { createMemoryStore } from "./memory-store";

describeCounterStore(
  "memory",
  async () => {
    let now = 0;
    const store = createMemoryStore({ now: () => now });
    return {
      store,
      setTime: async (ms) => {
        now = ms;
      },
      close: () => store.close(),
    };
  },
  ADDED_KINDS,
);

describe("memory store", () => {
  test("idle subjects are dropped, so memory follows recent traffic and not every key ever seen", async () => {
    let now = Date.parse("2026-11-30T10:00:00.000Z");
    const store = createMemoryStore({ now: () => now });
    const limits = testSpec({ capacity: 10, perMinute: 10, hour: 100, day: 1000 });
    for (let i = 0; i < 1000; i++) await store.check(`subject-${i}`, limits, 1);
    expect(store.size()).toBe(1000);
    now += 60 * 60_000;
    store.sweep();
    // Their history still counts for the last 24 hours.
    expect(store.size()).toBe(1000);
    now = Date.parse("2026-12-01T10:00:01.000Z");
    await store.check("subject-new", limits, 1);
    store.sweep();
    expect(store.size()).toBe(1);
    await store.close();
  });
});
