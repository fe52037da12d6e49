// Test tooling: one outage of the counter store, start to end, and everything a plan must do through it.
import { expect } from "vitest";
import type { Logger } from "../../deps";
import { createMetrics } from "../../metrics";
import { type TestApp, testApp } from "../../testing/test-app";
import { guardStore } from "../guard/guarded-store";
import type { CounterStore } from "../store";

// Above the 100 ms default so that a loaded CI machine does not fail calls the test expects to succeed.
export const BUDGET_MS = 250;

export type Outage = { begin(): Promise<void> | void; end(): Promise<void> | void };

/**
 * Runs checks for a fail-open and a fail-closed plan through `outage`, asserting the answers, readiness, recovery,
 * exact counting afterwards, one log line each way, and the metrics. How long the answers and the recovery took is
 * returned for the log, never asserted: a loaded machine stretches both (the bench measures them).
 */
export async function outageScenario(makeStore: () => CounterStore, outage: Outage) {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on("unhandledRejection", onUnhandled);
  const lines: string[] = [];
  // Where each outage was: the store's, or on a Cluster a node's (each of its masters has a breaker of its own).
  const down: unknown[] = [];
  const back: unknown[] = [];
  let lastError: unknown;
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    error: (message, fields) => {
      lines.push(message);
      if (message.startsWith("counter store unavailable")) {
        down.push(fields?.node);
        lastError = fields?.lastError;
      }
      if (message.startsWith("counter store back")) back.push(fields?.node);
    },
  };
  const metrics = createMetrics({ processDefaults: false });
  const counters = guardStore(makeStore(), { timeoutMs: BUDGET_MS, logger, metrics });
  const t: TestApp = await testApp({ counters, metrics });
  await t.call("POST", "/v1/plans", { body: { id: "open", name: "Open", perMinute: 100000, failMode: "open" } });
  await t.call("POST", "/v1/plans", { body: { id: "metered", name: "Metered", perDay: 100000, failMode: "closed" } });
  const keyOf = async (planId: string) => {
    const customer = (await t.call("POST", "/v1/customers", { body: { name: planId, planId } })).json.id;
    return { customer, key: (await t.call("POST", `/v1/customers/${customer}/keys`)).json.key as string };
  };
  const open = await keyOf("open");
  const closed = await keyOf("metered");
  const check = async (key: string) => {
    const started = performance.now();
    const res = await t.call("POST", "/v1/check", { body: { key } });
    return { ...res, ms: performance.now() - started };
  };
  // The outage starts from a store that has answered both: on a loaded machine the first calls (a connection, on a
  // Cluster one per master, the scripts loaded) may outlast the budget, an outage of the machine's and not the test's.
  while ((await check(open.key)).json.degraded !== false || (await check(closed.key)).status !== 200) {
    await new Promise((r) => setTimeout(r, 100));
  }
  lines.length = down.length = back.length = 0;
  lastError = undefined;

  await outage.begin();
  const during: Awaited<ReturnType<typeof check>>[] = [];
  // For 1.5 s, and at least three batches however slow the machine: the breaker opens at the third failure.
  const until = Date.now() + 1500;
  while (during.length < 30 || Date.now() < until) {
    // Ten at a time, as concurrent requests arrive, for each kind of plan.
    const batch = await Promise.all(Array.from({ length: 10 }, (_, i) => check(i % 2 ? open.key : closed.key)));
    during.push(...batch);
  }
  const ready = await t.call("GET", "/readyz", { token: null });
  // Every answer above came while the store was down, so the budget or a failed call ended each wait, never the
  // store: a slow store's late answer would be an ordinary one, not the fail mode's asserted below.
  await outage.end();
  const endedAt = performance.now();

  const openAnswers = during.filter((_, i) => i % 2 === 1);
  const closedAnswers = during.filter((_, i) => i % 2 === 0);
  for (const a of openAnswers) {
    expect(a.status).toBe(200);
    expect(a.json).toMatchObject({ allowed: true, degraded: true, reason: "store_unavailable" });
    expect(a.headers.get("x-ratelimit-limit")).toBe("100000");
    expect(a.headers.get("ratelimit-policy")).toContain('"burst";q=100000');
  }
  for (const a of closedAnswers) {
    expect(a.status).toBe(503);
    expect(a.json.error.code).toBe("store_unavailable");
    expect(a.headers.get("retry-after")).toBe("1");
  }
  const latencies = during.map((a) => a.ms).sort((x, y) => x - y);
  const p99 = latencies[Math.floor(latencies.length * 0.99)] as number;
  expect(ready.status).toBe(503);
  expect(ready.json.error.message).toContain("counter store");

  // Back: checks reach the store again, with no restart, and count from where the store stands. The breaker's probe
  // finds it; this waits as long as the machine needs (the test's own timeout ends a store that never comes back).
  for (;;) {
    const res = await check(open.key);
    // On a Cluster the two customers may be two masters', whose breakers close apart.
    if (res.status === 200 && res.json.degraded === false && (await check(closed.key)).status === 200) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const recoveredMs = performance.now() - endedAt;
  const before = (await check(closed.key)).json.limits[0].remaining;
  for (let i = 0; i < 5; i++) expect((await check(closed.key)).status).toBe(200);
  expect((await check(closed.key)).json.limits[0].remaining).toBe(before - 6);
  expect((await t.call("GET", "/readyz", { token: null })).status).toBe(200);

  // One log line when the outage starts and one when it ends, not one per request: for the store, or on a Cluster for
  // each master the two customers are on.
  expect(down.length).toBeGreaterThanOrEqual(1);
  expect(new Set(down).size).toBe(down.length);
  expect(new Set(back)).toEqual(new Set(down));
  expect(back).toHaveLength(down.length);
  expect(lines.filter((l) => l === "unhandled error")).toEqual([]);
  const text = await metrics.registry.metrics();
  expect(text).toMatch(/bouncer_checks_total\{result="degraded"\} [1-9]/);
  expect(text).toMatch(/bouncer_checks_total\{result="store_unavailable"\} [1-9]/);
  expect(text).toMatch(/bouncer_store_errors_total [1-9]/);
  process.off("unhandledRejection", onUnhandled);
  expect(unhandled).toEqual([]);
  await counters.close();
  return { lastError, p99, max: latencies.at(-1) as number, recoveredMs, answers: during.length };
}
