// GET /v1/usage/export at scale: customers seeded in SQL (bench/scale/seed-db.ts), each with a check on every day of a
// month in the memory store, then the month exported while the heap is sampled. The export must stream in constant
// memory: what it keeps alive beyond the store's own data must not grow with the number of rows.
//
//   npm run bench:export                    10,000 and 100,000 customers, 31 days each (3.1 million rows at the top)
//   npm run bench:export -- 2000,20000      other sizes
//
// Run with --expose-gc (the npm script does): the heap is sampled after a full collection every few pieces of the body,
// so that what is sampled is what the export keeps alive, not garbage not yet collected.

import { createMemoryStore } from "../api/src/quota/stores/memory-store";
import { customerSubject } from "../api/src/quota/subject";
import { testSpec } from "../api/src/quota/testing/test-spec";
import { DAY_MS } from "../api/src/quota/windows";
import { ADMIN_TOKEN, testApp } from "../api/src/testing/test-app";
import { customerId } from "./scale/customers";
import { seedCustomers } from "./scale/seed-db";

const DAYS = 31;
const FIRST_DAY = Date.parse("2026-11-01T00:00:00.000Z");
/** Sampled after a full collection every this many pieces (each a hundred customers' rows). */
const SAMPLE_EVERY = 25;
/** How much more the export may keep alive at the largest size than at the smallest. */
const ALLOWED_GROWTH_MB = 16;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc (npm run bench:export)");
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

type Measured = { customers: number; rows: number; mb: number; seconds: number; keptMb: number; peakMb: number };

async function measure(customers: number): Promise<Measured> {
  const clock = { now: FIRST_DAY };
  const counters = createMemoryStore({ now: () => clock.now, sweepEveryMs: 3_600_000 });
  const t = await testApp({ counters, now: () => clock.now });
  await t.call("POST", "/v1/plans", { body: { id: "open", name: "Open", perMinute: 1000 } });
  await seedCustomers(t.url, customers, "open");
  const spec = testSpec({ day: 1_000_000 });
  const subjects = Array.from({ length: customers }, (_, i) => customerSubject(customerId(i)));
  for (let day = 0; day < DAYS; day++) {
    clock.now = FIRST_DAY + day * DAY_MS + 12 * 3_600_000;
    for (const [i, subject] of subjects.entries()) await counters.check(subject, spec, 1 + (i % 3));
  }
  subjects.length = 0;

  const before = heapMb();
  const started = performance.now();
  const res = await t.app.request("/v1/usage/export?from=2026-11-01&to=2026-12-01", {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let bytes = 0;
  let lines = 0;
  let peak = 0;
  for (let pieces = 0; ; pieces++) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const byte of value) if (byte === 10) lines++;
    if (pieces % SAMPLE_EVERY === 0) peak = Math.max(peak, heapMb() - before);
  }
  const seconds = (performance.now() - started) / 1000;
  t.client.close();
  await counters.close();
  return {
    customers,
    rows: lines - 1,
    mb: bytes / 2 ** 20,
    seconds,
    keptMb: peak,
    peakMb: process.memoryUsage().rss / 2 ** 20,
  };
}

const sizes = (process.argv[2] ?? "10000,100000").split(",").map(Number);
const results: Measured[] = [];
for (const size of sizes) {
  const m = await measure(size);
  results.push(m);
  console.log(
    `${m.customers} customers: ${m.rows} rows, ${m.mb.toFixed(1)} MB of CSV in ${m.seconds.toFixed(1)} s; ` +
      `the export kept at most ${m.keptMb.toFixed(1)} MB alive beyond the store's data (RSS ${m.peakMb.toFixed(0)} MB)`,
  );
}
const [small, large] = [results[0], results.at(-1)];
if (small && large && small !== large) {
  const grew = large.keptMb - small.keptMb;
  const ok = grew < ALLOWED_GROWTH_MB;
  console.log(
    `${large.rows / small.rows}x the rows, ${grew.toFixed(1)} MB more kept alive: ${ok ? "constant" : "NOT constant"} (bound ${ALLOWED_GROWTH_MB} MB)`,
  );
  if (!ok) process.exitCode = 1;
}
