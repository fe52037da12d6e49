// The operations suite (testing/health.ts) in process, and the config store's outages, which need the database in hand.
import { createClient } from "@libsql/client";
import { describe, expect, test } from "vitest";
import { createDb } from "../../../db/client";
import { migrateDb } from "../../../db/migrate";
import { createApp } from "../app";
import { createConfig } from "../config";
import { createMetrics } from "../metrics";
import { createMemoryStore } from "../quota/stores/memory-store";
import { tempDatabaseUrl } from "../testing/temp-database";
import { ADMIN_TOKEN, nodeHost, testApp } from "../testing/test-app";
import { describeOperations } from "./testing/health";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeOperations(nodeHost);

describe("operations", () => {
  test("/readyz answers 503 once the config store is gone; /healthz answers while the process runs", async () => {
    const t = await testApp();
    t.client.close();
    const down = await t.call("GET", "/readyz", { token: null });
    expect(down.status).toBe(503);
    expect(down.json.error.code).toBe("store_unavailable");
    expect(down.json.error.message).toBe("not answering: config store");
    expect(down.json).toMatchObject({ configStore: "down", counterStore: "ok" });
    expect((await t.call("GET", "/healthz", { token: null })).status).toBe(200);
  });

  test("/readyz names the counter store, and each store's state, when the counter store does not answer", async () => {
    const counters = createMemoryStore();
    const t = await testApp({ counters: { ...counters, ping: () => Promise.reject(new Error("ECONNREFUSED")) } });
    const down = await t.call("GET", "/readyz", { token: null });
    expect(down.status).toBe(503);
    expect(down.json).toEqual({
      error: { code: "store_unavailable", message: "not answering: counter store", requestId: expect.any(String) },
      configStore: "ok",
      counterStore: "down",
    });
  });

  // The counter store's ping never settles: that /readyz answers at all shows its own timer ended the wait.
  test("/readyz names both stores when neither answers; a store that hangs counts as down", async () => {
    const counters = createMemoryStore();
    const t = await testApp({ counters: { ...counters, ping: () => new Promise<void>(() => {}) } });
    t.client.close();
    const down = await t.call("GET", "/readyz", { token: null });
    expect([down.status, down.json.error.message]).toEqual([503, "not answering: config store and counter store"]);
    expect(down.json).toMatchObject({ configStore: "down", counterStore: "down" });
  });
});

describe("an outage of the config store", () => {
  test("/readyz names the config store while writes cannot get through; one log line as it starts, one as it ends", async () => {
    const url = tempDatabaseUrl("outage");
    // Writes give up after 300 ms instead of 5 s, so that a lock held for 2 s is an outage.
    const { db, client } = await createDb({ url, lockWaitMs: 300 });
    await migrateDb(db);
    const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
    const logger = {
      debug: () => {},
      info: (message: string, fields?: Record<string, unknown>) => lines.push({ level: "info", message, fields }),
      error: (message: string, fields?: Record<string, unknown>) => lines.push({ level: "error", message, fields }),
    };
    const config = createConfig(db, { cacheTtlMs: 200, adminToken: ADMIN_TOKEN, logger });
    const app = createApp({
      config,
      counters: createMemoryStore(),
      logger,
      metrics: createMetrics({ processDefaults: false }),
    });
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await app.request(path, {
        method,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    };
    const plan = (id: string) => call("POST", "/v1/plans", { id, name: id, perMinute: 10 });

    // Another process takes the write lock and keeps it for 2 s.
    const other = createClient({ url });
    const lock = await other.transaction("write");
    const writes = await Promise.all(["a", "b", "c", "d", "e"].map(plan));
    expect(writes.map((w) => w.status)).toEqual([503, 503, 503, 503, 503]);
    const ready = await call("GET", "/readyz");
    expect(ready.status).toBe(503);
    expect(ready.json.error.message).toContain("config store");
    expect((await plan("f")).status).toBe(503);
    await sleep(2000 - 300 * 2);
    await lock.rollback();

    let readyAgain = false;
    for (const deadline = Date.now() + 10_000; !readyAgain && Date.now() < deadline; await sleep(50)) {
      readyAgain = (await call("GET", "/readyz")).status === 200;
    }
    expect(readyAgain).toBe(true);
    expect((await plan("g")).status).toBe(201);
    // Each request has its access line; besides those, the outage has two lines, not one per failed request.
    const outage = lines.filter((line) => line.message !== "request");
    expect(outage.map((line) => line.message)).toEqual([
      "config store unavailable: serving what is cached",
      "config store back",
    ]);
    expect(outage[0]?.fields?.lastError).toContain("SQLITE_BUSY");
    expect(outage[1]?.fields?.storeErrors).toBeGreaterThanOrEqual(6);
    config.close();
    client.close();
    other.close();
  }, 30_000);
});
