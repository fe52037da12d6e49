// Test tooling: checks that reach a Redis-backed store together, as the checks of one busy moment do, one of them
// on a subject whose key holds something else than its counters.
import { expect } from "vitest";
import type { CounterStore } from "../store";
import { subjectKey } from "../stores/script-store";
import { testSpec } from "./test-spec";

/**
 * Sends six checks in one turn of the event loop (two subjects with a bucket of 2, and one broken subject) and
 * asserts that each is counted as if it had gone alone and that the broken one fails alone. Returns how many script
 * calls (EVALSHA or FCALL) Redis ran for them.
 */
export async function checksTogether(store: CounterStore, redisUrl: string): Promise<number> {
  const { Redis } = await import("ioredis");
  const direct = new Redis(redisUrl);
  const tag = `together-${process.pid}-${Date.now()}`;
  const [a, b, broken] = [`${tag}-a`, `${tag}-b`, `${tag}-broken`];
  await direct.set(subjectKey(broken), "not a hash");
  const limits = testSpec({ capacity: 2, perMinute: 1, hour: null, day: null });
  // Connected, and the script loaded: what is counted below is the steady state.
  await store.check(`${tag}-first`, limits, 1);
  const scriptCalls = async () => {
    const stats = await direct.info("commandstats");
    const calls = (command: string) => Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(stats)?.[1] ?? 0);
    return calls("evalsha") + calls("fcall");
  };
  const before = await scriptCalls();

  const results = await Promise.allSettled([a, b, a, broken, a, b].map((subject) => store.check(subject, limits, 1)));
  const ran = (await scriptCalls()) - before;
  direct.disconnect();
  expect(
    results.map((r) => (r.status === "fulfilled" ? r.value.allowed : `failed: ${(r.reason as Error).message}`)),
  ).toEqual([true, true, true, expect.stringMatching(/^failed: WRONGTYPE/), false, true]);
  return ran;
}
