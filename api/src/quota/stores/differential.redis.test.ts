// The same random sequences of checks on the memory store and on Redis give the same decisions, field by field.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RedisServer, startRedis } from "../../../dev/redis-server";
import { type LimitSpec, specOf } from "../limits";
import type { CounterStore } from "../store";
import { testSpec } from "../testing/test-spec";
import { HOUR_MS } from "../windows";
import { createMemoryStore } from "./memory-store";
import { createRedisStore } from "./redis-store";

let redis: RedisServer;
let store: CounterStore;
let now = 0;
beforeAll(async () => {
  redis = await startRedis();
  store = createRedisStore({ url: redis.url, timeoutMs: 2000, clock: () => now });
});
afterAll(async () => {
  await store?.close();
  await redis?.stop();
});

const limit = (max: number) => fc.option(fc.integer({ min: 1, max }), { nil: null });
// Alert thresholds (contract section 13) too, so that the crossings each store reports are compared as well.
const alertsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 100 }), { maxLength: 5 })
  .map((a) => a.sort((x, y) => x - y));
const specArb = fc
  .record({
    capacity: limit(30),
    perMinute: fc.integer({ min: 1, max: 6000 }),
    hour: limit(80),
    day: limit(300),
    concurrent: limit(4),
    alerts: alertsArb,
  })
  .map(({ alerts, ...s }) => specOf(testSpec(s.capacity === null ? { ...s, perMinute: null } : s).parts, alerts));

describe("memory and Redis agree (integration, needs redis-server)", () => {
  test("on random checks, leases taken, released and settled, shares taken and given back, resets, costs, clock steps and plan edits", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: Date.parse("2026-01-01"), max: Date.parse("2027-01-01") }),
        fc.array(
          fc.record({
            advanceMs: fc.oneof(fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 0, max: 2 * HOUR_MS })),
            cost: fc.integer({ min: 1, max: 10 }),
            spec: specArb,
            edit: fc.boolean(),
            usage: fc.boolean(),
            // A take (contract section 12) of up to `share` with a cost of 0 to 10, settling `settle`; a give-back of
            // `back` units of the last share taken; now and then a refund of `cost`, or a reset of the subject's counters.
            // Leases (contract section 14): a check that takes one (reserving its cost or not, for 1 s to 2 h), the release
            // or settle (at 0 to 20) of one taken before.
            op: fc.constantFrom(
              "check",
              "check",
              "check",
              "take",
              "take",
              "giveBack",
              "giveBack",
              "refund",
              "reset",
              "lease",
              "lease",
              "release",
              "settle",
            ),
            reserve: fc.boolean(),
            leaseMs: fc.oneof(fc.integer({ min: 1000, max: 5000 }), fc.integer({ min: 1000, max: 2 * HOUR_MS })),
            which: fc.nat(),
            share: fc.integer({ min: 2, max: 40 }),
            settle: fc.integer({ min: 0, max: 20 }),
            back: fc.integer({ min: 0, max: 40 }),
          }),
          { minLength: 1, maxLength: 60 },
        ),
        async (start, steps) => {
          const subject = `differential-${run++}`;
          now = start;
          const memory = createMemoryStore({ now: () => now });
          let spec = steps[0]?.spec as LimitSpec;
          // The last share taken; its resets go with every take's settle and give-back, as a server sends them.
          let last = { takenAtMs: now, size: 0, resets: 0 };
          const leases: string[] = [];
          for (const step of steps) {
            now += step.advanceMs;
            if (step.edit) spec = step.spec;
            if (step.op === "take") {
              const ask = { share: step.share, settle: step.settle, resets: last.resets };
              const taken = await store.take(subject, spec, step.cost - 1, ask);
              expect(taken).toEqual(await memory.take(subject, spec, step.cost - 1, ask));
              last = { takenAtMs: taken.nowMs, size: taken.taken, resets: taken.resets };
            } else if (step.op === "giveBack") {
              const units = Math.min(step.back, last.size);
              await store.giveBack(subject, spec, units, last);
              await memory.giveBack(subject, spec, units, last);
            } else if (step.op === "refund") {
              expect(await store.refund(subject, spec, step.cost)).toEqual(
                await memory.refund(subject, spec, step.cost),
              );
            } else if (step.op === "lease") {
              const ask = { id: `l${leases.length}`, ttlMs: step.leaseMs, reserve: step.reserve };
              leases.push(ask.id);
              expect(await store.check(subject, spec, step.cost, ask)).toEqual(
                await memory.check(subject, spec, step.cost, ask),
              );
            } else if (step.op === "release" || step.op === "settle") {
              // One taken before, or (none yet, or now and then) one never taken.
              const id = leases[step.which % (leases.length + 1)] ?? "never";
              if (step.op === "release") {
                expect(await store.release(subject, spec, id)).toEqual(await memory.release(subject, spec, id));
              } else {
                const cost = step.back % 21;
                expect(await store.settle(subject, spec, id, cost)).toEqual(
                  await memory.settle(subject, spec, id, cost),
                );
              }
            } else if (step.op === "reset") {
              await store.reset(subject);
              await memory.reset(subject);
            } else {
              expect(await store.check(subject, spec, step.cost)).toEqual(await memory.check(subject, spec, step.cost));
            }
            if (step.usage) expect(await store.usage(subject, spec)).toEqual(await memory.usage(subject, spec));
          }
          expect(await store.history(subject, 180)).toEqual(await memory.history(subject, 180));
          // Steps of up to two hours, 60 of them: the days they span, units (costs, refunds) included.
          expect(await store.daily(subject, 7)).toEqual(await memory.daily(subject, 7));
          await memory.close();
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
