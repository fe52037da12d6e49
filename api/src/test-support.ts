// Builds the real app on a fresh migrated database file for in-process tests (`app.request()`).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb } from "../../db/client";
import { migrateDb } from "../../db/migrate";
import { createApp, type Logger } from "./app";
import { createConfig } from "./config";
import { createMetrics, type Metrics } from "./metrics";
import { createMemoryStore } from "./quota/memory-store";
import type { CounterStore } from "./quota/store";

export const ADMIN_TOKEN = "test-admin-token-0123456789";

type CallOptions = { token?: string | null; body?: unknown; headers?: Record<string, string> };

export async function testApp(
  options: {
    url?: string;
    cacheTtlMs?: number;
    counters?: CounterStore;
    metrics?: Metrics;
    now?: () => number;
    random?: () => number;
  } = {},
) {
  const url = options.url ?? `file:${join(mkdtempSync(join(tmpdir(), "bouncer-test-")), "quota.db")}`;
  const { db, client } = await createDb({ url });
  await migrateDb(db);
  const errors: unknown[] = [];
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    error: (message, fields) => errors.push({ message, ...fields }),
  };
  const config = createConfig(db, { cacheTtlMs: options.cacheTtlMs ?? 2000, adminToken: ADMIN_TOKEN });
  const counters = options.counters ?? createMemoryStore();
  const metrics = options.metrics ?? createMetrics({ processDefaults: false });
  const app = createApp({ config, counters, logger, metrics, now: options.now, random: options.random });

  /** One request; `token: null` sends no Authorization, a body is sent as JSON unless headers say otherwise. */
  async function call(method: string, path: string, { token = ADMIN_TOKEN, body, headers = {} }: CallOptions = {}) {
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (token !== null) h.authorization = `Bearer ${token}`;
    if (body !== undefined) {
      h["content-type"] ??= "application/json";
      init.body = typeof body === "string" ? body : JSON.stringify(body);
    }
    const res = await app.request(path, init);
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies by the contract's field names.
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  return { app, call, db, client, url, config, counters, metrics, errors };
}

export type TestApp = Awaited<ReturnType<typeof testApp>>;
