// A release is one store command (issue: "release is one store command"): counted on a real redis-server, as the
// leases bench reports it (bench/leases.ts), through the Redis store and through POST /v1/release. What is counted is
// what clients send (MONITOR, the calls scripts make inside Redis left out) and the scripts started (INFO
// commandstats); never how long anything takes.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { monitorRedis } from "../api/dev/redis-monitor";
import { type RedisServer, startRedis } from "../api/dev/redis-server";
import type { LeaseAsk } from "../api/src/quota/counting";
import { createRedisStore } from "../api/src/quota/stores/redis-store";
import { scripts } from "../api/src/quota/stores/scripts";
import { testSpec } from "../api/src/quota/testing/test-spec";
import { customerWithKey } from "../api/src/routes/testing/fixtures";
import { testApp } from "../api/src/testing/test-app";
import { commandDelta, commandStats, scriptCalls } from "./redis-commands";

let redis: RedisServer;
let info: Redis;
beforeAll(async () => {
  redis = await startRedis();
  info = new Redis(redis.url);
});
afterAll(async () => {
  info?.disconnect();
  await redis?.stop();
});

/** What clients send to Redis, the counting's own INFO, CONFIG and CLIENT left out. */
const monitor = () => monitorRedis(redis.url, /^(info|config|client)$/i);

/** The check script's calls among what was seen: by FCALL (the store has loaded it as a Function), else EVALSHA. */
const checkCalls = (seen: string[][]) =>
  seen.filter(
    ([command, name]) =>
      (command?.toLowerCase() === "fcall" && name === scripts.check.fn?.name) ||
      (command?.toLowerCase() === "evalsha" && name === scripts.check.sha),
  );

let next = 0;
const lease = (): LeaseAsk => ({ id: `bench${process.pid}x${next++}`, ttlMs: 60_000, reserve: false });

describe("a release is one store command (integration, needs redis-server)", () => {
  test("N releases one at a time: N calls of the check script, one FCALL each, and nothing else", async () => {
    const store = createRedisStore({ url: redis.url, timeoutMs: 5000 });
    // Connected and the check script loaded as a Function (ping waits for it): the counted run is the steady state.
    await store.ping();
    const spec = testSpec({ hour: 1000, day: 10_000, concurrent: 100 });
    const resource = testSpec({ hour: 1000, concurrent: 20 }, { name: "ai.generate", limits: { concurrent: 10 } });
    const n = 50;
    const held: { subject: string; spec: typeof spec; id: string }[] = [];
    for (let i = 0; i < n; i++) {
      // Half of them on a plan whose resource has a concurrent limit of its own: a lease in both parts.
      const [subject, s] = i % 2 === 0 ? [`one-${i % 5}`, spec] : [`two-${i % 5}`, resource];
      const ask = lease();
      expect((await store.check(subject, s, 1, ask)).allowed).toBe(true);
      held.push({ subject, spec: s, id: ask.id });
    }

    const before = await commandStats(info);
    const m = await monitor();
    for (const { subject, spec: s, id } of held) expect(await store.release(subject, s, id)).not.toBeNull();
    await m.caughtUp();
    const delta = commandDelta(before, await commandStats(info));
    expect(checkCalls(m.seen)).toHaveLength(n);
    expect(m.seen.every(([command]) => command?.toLowerCase() === "fcall")).toBe(true);
    // Nothing else left the store: no second command per release (the leases' sets are read and written inside the
    // script, in the same atomic step).
    expect(m.seen).toHaveLength(n);
    expect(scriptCalls(delta)).toBe(n);

    // A release that finds nothing (released already, or never taken) is one call too.
    m.seen.length = 0;
    expect(await store.release(held[0]?.subject as string, spec, held[0]?.id as string)).toBeNull();
    expect(await store.release("one-0", spec, "never-taken")).toBeNull();
    await m.caughtUp();
    expect(checkCalls(m.seen)).toHaveLength(2);
    expect(m.seen).toHaveLength(2);
    await m.stop();
    await store.close();
  });

  test("releases in flight together share calls: never more calls than releases", async () => {
    const store = createRedisStore({ url: redis.url, timeoutMs: 5000 });
    await store.ping();
    const spec = testSpec({ hour: 1000, concurrent: 100 });
    const n = 64;
    const held: { subject: string; id: string }[] = [];
    for (let i = 0; i < n; i++) {
      const ask = lease();
      expect((await store.check(`together-${i}`, spec, 1, ask)).allowed).toBe(true);
      held.push({ subject: `together-${i}`, id: ask.id });
    }
    const before = await commandStats(info);
    const m = await monitor();
    const released = await Promise.all(held.map(({ subject, id }) => store.release(subject, spec, id)));
    expect(released.every((d) => d !== null)).toBe(true);
    await m.caughtUp();
    const calls = checkCalls(m.seen).length;
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(calls).toBeLessThan(n);
    expect(m.seen).toHaveLength(calls);
    expect(scriptCalls(commandDelta(before, await commandStats(info)))).toBe(calls);
    await m.stop();
    await store.close();
  });

  test("POST /v1/release sends one FCALL to Redis", async () => {
    const counters = createRedisStore({ url: redis.url, timeoutMs: 5000 });
    // The once-a-second work (the board's marks, presence) runs only if the test runs it: none is counted here.
    const t = await testApp({ counters, schedule: () => () => {} });
    const { key, service } = await customerWithKey(t, { id: "llm", name: "LLM", perDay: 10_000, concurrent: 2 });
    await counters.ping();
    const checks = [];
    for (let i = 0; i < 2; i++) {
      const check = await t.call("POST", "/v1/check", { token: service, body: { key } });
      expect(check.status).toBe(200);
      checks.push(check.json.lease.id as string);
    }

    const m = await monitor();
    for (const id of checks) {
      expect((await t.call("POST", "/v1/release", { token: service, body: { lease: id } })).status).toBe(200);
    }
    // Released already: 404, after the same one call.
    expect((await t.call("POST", "/v1/release", { token: service, body: { lease: checks[0] } })).status).toBe(404);
    await m.caughtUp();
    expect(checkCalls(m.seen)).toHaveLength(3);
    expect(m.seen).toHaveLength(3);
    await m.stop();
    await counters.close();
  });
});
