// createConfig: plans, customers, keys, tokens and audit over the database, with the in-process cache
// that lets a check find a bearer's identity without touching the database.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { type Schedule, timerSchedule } from "../schedule";
import { type AuditEntry, auditInsert, listAudit } from "./audit";
import { ConfigCache } from "./config-cache";
import { createCustomerStore } from "./customers";
import { createKeyStore } from "./keys";
import { createPlanStore } from "./plans";
import { hashesEqual, sha256 } from "./secrets";
import { ConfigStoreHealth, type OutageLog } from "./store-health";
import { type CheckTarget, createTargets } from "./targets";
import { createTokenStore } from "./tokens";

export type Principal =
  | { kind: "admin"; actor: string }
  | { kind: "service"; actor: string }
  | { kind: "customer"; actor: string; customerId: string; keyId: string };

export type ConfigOptions = {
  /** How long this server may use a cached identity, plan or customer (CONFIG_CACHE_TTL_MS). */
  cacheTtlMs: number;
  /** The bootstrap admin token (ADMIN_TOKEN), accepted as is. */
  adminToken?: string | undefined;
  /** Where the start and the end of a config-store outage are written. */
  logger?: OutageLog;
  now?: () => Date;
  /** Where the change watcher runs: timers on Node, requests on a Worker. */
  schedule?: Schedule;
  /**
   * Whether concurrent misses for one key share one load (Node). A Worker cancels a request that waits on another
   * request's I/O, so there each request loads for itself.
   */
  shareLoads?: boolean;
};

const ADMIN: Principal = Object.freeze({ kind: "admin", actor: "ADMIN_TOKEN" });

// Bounds memory under a flood of made-up bearers; a miss costs one indexed read.
const MAX_CACHED = 100_000;

// The newest audit entry's number: see watchChanges.
const CHANGES = sql`SELECT max(seq) AS seq FROM audit_log`;

export function createConfig(
  db: Db,
  {
    cacheTtlMs,
    adminToken,
    logger = { error: () => {} },
    now = () => new Date(),
    schedule = timerSchedule,
    shareLoads = true,
  }: ConfigOptions,
) {
  const health = new ConfigStoreHealth(logger);
  const plans = createPlanStore(db, now);
  const customers = createCustomerStore(db, plans, now);
  const keys = createKeyStore(db, now);
  const tokens = createTokenStore(db, now);
  const failed = (error: unknown) => health.failed(error);
  const principals = new ConfigCache<string, Principal | null>(MAX_CACHED, failed, shareLoads);
  const targetCache = new ConfigCache<string, CheckTarget | null>(MAX_CACHED, failed, shareLoads);
  const targets = createTargets(db, { plans, customers }, targetCache);
  const adminTokenHash = adminToken ? sha256(adminToken) : null;
  const listeners: (() => void)[] = [];

  function forget(): void {
    principals.clear();
    targetCache.clear();
    for (const listener of listeners) listener();
  }

  /** Wraps a write so that this server forgets what it cached at once. */
  const thenForget =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await write(...args);
      } finally {
        forget();
      }
    };

  // Every change made through the API writes an audit entry in the same transaction, so the newest entry's
  // number is a change counter that all servers share. Read twice per CONFIG_CACHE_TTL_MS (one tiny query,
  // however many keys are cached), it bounds how late this server sees another's edit or revocation; while
  // the database is down, what is cached goes on serving. During an outage the read is made as a write (a batch:
  // every batch of ours begins as one), which also probes the store: the outage is over when writes get through
  // again, not merely reads.
  let seen: number | undefined;
  async function watchChanges(): Promise<void> {
    try {
      const probe = health.down;
      const read = db.all<{ seq: number | null }>(CHANGES);
      const [rows] = probe ? await db.batch([read]) : [await read];
      if (probe) health.answered();
      const seq = Number(rows?.[0]?.seq ?? 0);
      if (seen !== undefined && seq !== seen) forget();
      seen = seq;
    } catch (error) {
      health.failed(error);
    }
  }
  const stopWatching = schedule(Math.max(10, cacheTtlMs / 2), watchChanges, { now: true, bounds: true });

  async function lookup(bearer: string, hash: string): Promise<Principal | null> {
    if (bearer.startsWith("qk_")) {
      const key = await keys.byHash(hash);
      return key && { kind: "customer", actor: key.id, customerId: key.customerId, keyId: key.id };
    }
    const token = await tokens.byHash(hash);
    return token && { kind: token.role, actor: token.id };
  }

  /**
   * What the routes call: each failure to reach the store is told to the health, which logs an outage once, and
   * each of `writes` makes this server forget what it cached.
   */
  function served<S extends Record<string, unknown>>(store: S, writes: (keyof S & string)[]): S {
    const watched = health.watching(store);
    for (const name of writes) {
      watched[name] = thenForget(watched[name] as (...args: unknown[]) => Promise<unknown>) as S[typeof name];
    }
    return watched;
  }

  return {
    plans: served(plans, ["create", "update", "remove"]),
    customers: served(customers, ["create", "update", "remove"]),
    keys: served(keys, ["create", "revoke"]),
    tokens: served(tokens, ["create", "revoke"]),
    audit: health.watching({
      list: (limit: number) => listAudit(db, limit),
      record: (entry: AuditEntry) => auditInsert(db, entry).then(() => undefined),
    }),
    targets,

    /** Calls `listener` after every change made through this server, so in-process caches can drop what they hold. */
    onChange(listener: () => void): void {
      listeners.push(listener);
    },

    /** Who a bearer is, or null when it is unknown or revoked; a value rather than a promise when cached. */
    principal(bearer: string): Principal | null | Promise<Principal | null> {
      const hash = sha256(bearer);
      if (adminTokenHash && hashesEqual(hash, adminTokenHash)) return ADMIN;
      return principals.get(hash, () => lookup(bearer, hash));
    },

    /** Answers when the config store can be read and no outage is under way. */
    async ping(): Promise<void> {
      if (health.down) throw new Error("the config store is unavailable");
      try {
        await db.all(sql`SELECT 1`);
      } catch (error) {
        health.failed(error);
        throw error;
      }
    },

    /** Stops watching for other servers' changes, for an orderly shutdown. */
    close(): void {
      stopWatching();
    },
  };
}

export type Config = ReturnType<typeof createConfig>;
