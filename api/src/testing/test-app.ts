// Builds the real app on a fresh migrated database file for in-process tests (`app.request()`), and the `call` and
// RouteHost that the route suites share with the Worker (api/dev/worker-host.ts).
import { createDb } from "../../../db/client";
import { migrateDb } from "../../../db/migrate";
import { createApp } from "../app";
import { createConfig } from "../config";
import type { Logger } from "../deps";
import { createMetrics, type Metrics } from "../metrics";
import type { CounterStore } from "../quota/store";
import { createMemoryStore } from "../quota/stores/memory-store";
import type { Schedule } from "../schedule";
import type { WebhookSettings } from "../webhooks";
import { tempDatabaseUrl } from "./temp-database";

export const ADMIN_TOKEN = "test-admin-token-0123456789";

type CallOptions = { token?: string | null; body?: unknown; headers?: Record<string, string> };

/**
 * One request; `token: null` sends no Authorization, a body is sent as JSON unless headers say otherwise. A string or
 * bytes are sent as they are.
 */
export type Call = (method: string, path: string, options?: CallOptions) => Promise<Answer>;

export type Answer = {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies by the contract's field names.
  json: any;
  text: string;
};

/**
 * Where the route suites (routes/testing/, testing/) send their requests: the app in process, or the Worker in workerd
 * (api/dev/worker-host.ts). `fresh` gives an empty service (no plans, no counters) with its own `call`.
 */
export type RouteHost = { runtime: "node" | "worker"; fresh(): Promise<RouteService> };

export type RouteService = {
  call: Call;
  /** Sends the webhook deliveries that are due, as the runtime's schedule would: a Worker's Cron Trigger there. */
  deliverWebhooks?(): Promise<unknown>;
};

/** `call` over anything that answers a path and a RequestInit as fetch does, from the app to a Worker. */
export function callThrough(fetch: (path: string, init: RequestInit) => Promise<Response>): Call {
  return async (method, path, { token = ADMIN_TOKEN, body, headers = {} } = {}) => {
    const sent: Record<string, string> = { ...headers };
    if (token !== null) sent.authorization = `Bearer ${token}`;
    const init: RequestInit = { method, headers: sent };
    if (body !== undefined) {
      sent["content-type"] ??= "application/json";
      init.body = typeof body === "string" || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body);
    }
    const res = await fetch(path, init);
    const text = await res.text();
    let json: Answer["json"];
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  };
}

export async function testApp(
  options: {
    url?: string;
    cacheTtlMs?: number;
    counters?: CounterStore;
    metrics?: Metrics;
    now?: () => number;
    random?: () => number;
    /**
     * Where the service's repeating work runs (the config's change watcher, the flush of denials answered from memory,
     * the board's marks): Node's timers unless a test runs it by hand.
     */
    schedule?: Schedule;
    /** How many keys and customers the config caches (a million each by default). */
    cacheSizes?: { keys: number; customers: number };
    /** Webhook delivery's settings: private receivers refused, the contract's retries, unless a test says otherwise. */
    webhooks?: WebhookSettings;
  } = {},
) {
  const url = options.url ?? tempDatabaseUrl("test");
  const { db, client } = await createDb({ url });
  await migrateDb(db);
  const errors: unknown[] = [];
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    error: (message, fields) => errors.push({ message, ...fields }),
  };
  const config = createConfig(db, {
    cacheTtlMs: options.cacheTtlMs ?? 2000,
    adminToken: ADMIN_TOKEN,
    schedule: options.schedule,
    cacheSizes: options.cacheSizes,
    webhooks: options.webhooks,
  });
  const counters = options.counters ?? createMemoryStore();
  const metrics = options.metrics ?? createMetrics({ processDefaults: false });
  const app = createApp({
    config,
    counters,
    logger,
    metrics,
    now: options.now,
    random: options.random,
    schedule: options.schedule,
  });

  const call = callThrough(async (path, init) => app.request(path, init));

  const deliverWebhooks = () => config.webhooks.deliverDue();

  return { app, call, db, client, url, config, counters, metrics, errors, deliverWebhooks };
}

export type TestApp = Awaited<ReturnType<typeof testApp>>;

export const nodeHost: RouteHost = { runtime: "node", fresh: () => testApp() };
