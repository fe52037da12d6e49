// The memory store as one customer's leases and the number of subjects grow: µs per check taking a lease as the
// leases held go from none to 100,000, and how long a tick of the sweep and a whole sweep hold the event loop at a
// million subjects. How the README's figures for lease-set.ts and sweeper.ts were measured; in process, no HTTP.
//
//   node --import tsx bench/memory-scale.ts
import { createMemoryStore } from "../api/src/quota/stores/memory-store";
import { testSpec } from "../api/src/quota/testing/test-spec";
import { median } from "./stats";

const HOUR_MS = 3_600_000;

async function leasesHeld(): Promise<void> {
  const store = createMemoryStore({ schedule: () => () => {} });
  const spec = testSpec({ day: 1e9, concurrent: 1_000_000 });
  let held = 0;
  for (const upTo of [1_000, 10_000, 20_000, 40_000, 100_000]) {
    const from = held;
    const started = performance.now();
    for (; held < upTo; held++) {
      const d = await store.check("acme", spec, 1, { id: `lease-${held}`, ttlMs: HOUR_MS, reserve: held % 2 === 0 });
      if (!d.allowed) throw new Error(`lease ${held} refused`);
    }
    const us = ((performance.now() - started) * 1000) / (held - from);
    console.log(`  leases held ${from.toLocaleString("en")}–${held.toLocaleString("en")}: ${us.toFixed(1)} µs a check`);
  }
  await store.close();
}

async function sweep(subjects: number): Promise<void> {
  let now = Date.parse("2026-11-30T10:00:00.000Z");
  let tick = () => {};
  const store = createMemoryStore({
    now: () => now,
    schedule: (_everyMs, work) => {
      tick = () => void work();
      return () => {};
    },
  });
  const spec = testSpec({ capacity: 10, perMinute: 10, hour: 100, day: 1000 });
  for (let i = 0; i < subjects; i++) await store.check(`cus_${i}`, spec, 1);
  const timed = (run: () => void) => {
    const started = performance.now();
    run();
    return performance.now() - started;
  };
  const kept = Array.from({ length: 60 }, () => timed(tick));
  const whole = timed(() => store.sweep());
  // A day on, every subject is idle: the ticks drop them, a slice each.
  now += 25 * HOUR_MS;
  const idle: number[] = [];
  while (store.size() > 0 && idle.length < 200) idle.push(timed(tick));
  const ms = (xs: number[]) => `${median(xs).toFixed(1)} ms median, ${Math.max(...xs).toFixed(1)} ms at most`;
  console.log(
    `  ${subjects.toLocaleString("en")} subjects, all kept: a tick ${ms(kept)}; a whole sweep ${whole.toFixed(1)} ms`,
  );
  console.log(`  all idle: ${idle.length} ticks dropped them, a tick ${ms(idle)}`);
  await store.close();
}

console.log("Memory store, one customer's leases (concurrent 1,000,000, 1 h leases, every other one reserving):");
await leasesHeld();
console.log("Memory store, the sweep (a tick a second, a whole pass about a minute):");
await sweep(1_000_000);
