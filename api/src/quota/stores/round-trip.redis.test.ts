// One round trip: Redis receives one call of the check script per check, as a Function (checks that arrive together
// share one, as redis-store.redis.test.ts shows), and nothing while the deny cache answers.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { monitorRedis } from "../../../dev/redis-monitor";
import { type RedisServer, startRedis } from "../../../dev/redis-server";
import { testApp } from "../../testing/test-app";
import { createRedisStore } from "./redis-store";
import { scripts } from "./scripts";

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.stop());

/** What clients send to Redis. */
const monitor = () => monitorRedis(redis.url);

describe("round trips (integration, needs redis-server)", () => {
  test("one FCALL per check, and none while a denied customer is answered from memory", async () => {
    const counters = createRedisStore({ url: redis.url, timeoutMs: 2000 });
    // The once-a-second work (the denials' flush to the history, the board's marks) runs when the test says, not
    // whenever a second passes during the flood.
    const scheduled: (() => unknown)[] = [];
    const t = await testApp({
      counters,
      schedule: (_everyMs, work) => {
        scheduled.push(work);
        return () => {};
      },
    });
    await t.call("POST", "/v1/plans", {
      body: { id: "pro", name: "Pro", burst: 10, perMinute: 1, perHour: 100, perDay: 1000 },
    });
    const customer = (await t.call("POST", "/v1/customers", { body: { name: "Acme", planId: "pro" } })).json;
    const key = (await t.call("POST", `/v1/customers/${customer.id}/keys`)).json.key;
    // Connected and the check script loaded as a Function (ping waits for it): the counted run is the steady state.
    await counters.ping();
    await t.call("POST", "/v1/check", { body: { key } });

    const m = await monitor();
    for (let i = 0; i < 9; i++) expect((await t.call("POST", "/v1/check", { body: { key } })).status).toBe(200);
    expect((await t.call("POST", "/v1/check", { body: { key } })).status).toBe(429);
    await m.caughtUp();
    const checks = m.seen.filter((a) => a[0]?.toLowerCase() === "fcall" && a[1] === scripts.check.fn?.name);
    expect(checks).toHaveLength(10);
    expect(m.seen).toHaveLength(10);

    m.seen.length = 0;
    for (let i = 0; i < 500; i++) expect((await t.call("POST", "/v1/check", { body: { key } })).status).toBe(429);
    await m.caughtUp();
    // The flood never reached Redis.
    expect(m.seen).toEqual([]);
    // Then the once-a-second work: a write of those denials to the history, a mark of the board and this server's
    // presence (each by its SHA, then by its source when Redis had not seen it yet; and a PING, the connection having
    // been idle). Before the test ran that work itself, a second that passed during the flood failed it now and then on a busy machine.
    for (const work of scheduled) await work();
    await m.stop();
    const script = ([command, name]: string[]) =>
      command === "ping"
        ? "ping"
        : name === scripts.record.sha || name?.startsWith("-- record.lua:")
          ? "record"
          : name === scripts.boardMark.sha || name?.startsWith("-- board-mark.lua:")
            ? "board mark"
            : name === scripts.presence.sha || name?.startsWith("-- presence.lua:")
              ? "presence"
              : name;
    expect(new Set(m.seen.map(script))).toEqual(
      new Set(["record", "board mark", "presence", ...(m.seen.some((a) => a[0] === "ping") ? ["ping"] : [])]),
    );
    await counters.close();
  });
});
