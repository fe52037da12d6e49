// createConfig: plans, customers, keys, tokens and audit over the database, with the in-process cache
// that lets a check find a bearer's identity without touching the database.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { type Schedule, timerSchedule } from "../schedule";
import { createWebhooks, DELIVERY_EVERY_MS, type WebhookSettings } from "../webhooks";
import { type AuditEntry, auditInsert, listAudit } from "./audit";
import { type ConfigChange, readFeed } from "./change-feed";
import { ConfigCache, Generation, lruEntries } from "./config-cache";
import type { CustomerTarget, PlanEntry } from "./customer-target";
import { createCustomerStore } from "./customers";
import { isUnavailable } from "./db-errors";
import { KeyIndex } from "./key-index";
import { createKeyStore } from "./keys";
import { andThen, type Maybe } from "./maybe";
import { createPlanStore } from "./plans";
import { digestOfHex, hashesEqual, remembered, sha256 } from "./secrets";
import { ConfigStoreHealth, type OutageLog } from "./store-health";
import { createTargets, type TargetCaches } from "./targets";
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
  /** How many keys and customers are cached at most: MAX_KEYS each, unless a test says fewer. */
  cacheSizes?: { keys: number; customers: number };
  /** Webhook delivery (WEBHOOK_ALLOW_PRIVATE; tests shorten the retries): private receivers refused by default. */
  webhooks?: WebhookSettings;
};

const ADMIN: Principal = Object.freeze({ kind: "admin", actor: "ADMIN_TOKEN" });

// Keys cached at most (and, apart, customers named by the routes): a real SaaS's million keys, about 100 bytes each
// (key-index.ts; bench: RSS per cached key). Past it the least recently used go first, and a miss costs one read.
const MAX_KEYS = 1_000_000;
// Plans are few; this only bounds a flood of lookups of plans that do not exist.
const MAX_PLANS = 10_000;

export function createConfig(
  db: Db,
  {
    cacheTtlMs,
    adminToken,
    logger = { error: () => {} },
    now = () => new Date(),
    schedule = timerSchedule,
    shareLoads = true,
    cacheSizes = { keys: MAX_KEYS, customers: MAX_KEYS },
    webhooks: webhookSettings = { allowPrivate: false },
  }: ConfigOptions,
) {
  const health = new ConfigStoreHealth(logger);
  const plans = createPlanStore(db, now);
  const customers = createCustomerStore(db, plans, now);
  const keys = createKeyStore(db, now);
  const tokens = createTokenStore(db, now);
  const webhooks = createWebhooks(db, webhookSettings, now);
  const failed = (error: unknown) => health.failed(error);
  // One generation for all: a key's target is made of its customer's row and its plan's entry. A plan's entry that
  // leaves its cache, dropped or pushed out, is marked stale, so that the terms still holding it are made again.
  const generation = new Generation();
  const principals = new ConfigCache<string, Principal | null>(
    lruEntries(cacheSizes.keys),
    failed,
    shareLoads,
    generation,
  );
  const caches: TargetCaches = {
    keys: new ConfigCache<string, CustomerTarget | null, KeyIndex>(
      new KeyIndex(cacheSizes.keys),
      failed,
      shareLoads,
      generation,
    ),
    customers: new ConfigCache<string, CustomerTarget | null>(
      lruEntries(cacheSizes.customers),
      failed,
      shareLoads,
      generation,
    ),
    plans: new ConfigCache(
      // A plan's entry, once it leaves, is stale: the terms that hold it are made again on the plan read anew.
      lruEntries<string, PlanEntry | null>(MAX_PLANS, (entry) => {
        entry.stale = true;
      }),
      failed,
      shareLoads,
      generation,
    ),
  };
  const targets = createTargets(db, { plans, customers }, caches, generation);
  const adminTokenHash = adminToken ? sha256(adminToken) : null;
  // Bearers are few: services' tokens, and customers' keys on their own pages.
  const bearerHash = remembered(sha256, 1024);
  const listeners: ((change: ConfigChange) => void)[] = [];

  /**
   * A key outlives nothing of its customer's: deleted, the customer takes its keys along (on every server, as its
   * keys' targets are dropped and read again), though the key's own cached identity is not found by it. Declared
   * once here, not as a closure per call: `npm start` runs under tsx, which names each closure it makes at runtime.
   */
  function ofLiveCustomer(bearer: string, principal: Principal | null): Maybe<Principal | null> {
    if (principal?.kind !== "customer") return principal;
    return andThen(targets.byKey(bearer), (target) => (target?.customerId === principal.customerId ? principal : null));
  }

  function forgetAll(): void {
    principals.clear();
    for (const cache of Object.values(caches)) cache.clear();
    for (const listener of listeners) listener({ kind: "all" });
  }

  /**
   * Drops what depends on each change, and only that: a key's or a token's identity (and the key's target), a
   * customer's target and its keys', a plan's shared entry (its customers' terms are made again from it, their keys
   * kept).
   */
  async function apply(changes: ConfigChange[]): Promise<void> {
    if (changes.some((change) => change.kind === "all")) return forgetAll();
    const idsOf = (kind: ConfigChange["kind"]) => changes.flatMap((c) => (c.kind === kind ? [c.id as string] : []));
    const hashes = await Promise.all([keys.hashesOf(idsOf("key")), tokens.hashesOf(idsOf("token"))]);
    for (const hash of hashes.flat()) {
      principals.delete(hash);
      caches.keys.delete(digestOfHex(hash));
    }
    for (const change of changes) {
      if (change.kind === "customer") targets.forgetCustomer(change.id);
      // The plan's entry, once dropped, is stale: its customers' terms are made again from the plan read anew.
      if (change.kind === "plan") caches.plans.delete(change.id);
      for (const listener of listeners) listener(change);
    }
  }

  // Every change made through the API writes an audit entry in the same transaction (the change feed). Read twice
  // per CONFIG_CACHE_TTL_MS (one small indexed query, whatever the number of keys cached), it bounds how late this
  // server sees another's edit or revocation; while the database is down, what is cached goes on serving. During an
  // outage the read is made as a write (a batch: every batch of ours begins as one), which also probes the store:
  // the outage is over when writes get through again, not merely reads. Reads run one after another, so each
  // change is applied once, whichever read finds it (a write's own, or the watcher's).
  let seen: number | undefined;
  let reading: Promise<void> = Promise.resolve();
  async function readOnce(): Promise<void> {
    const probe = health.down;
    const feed = await readFeed(db, seen, probe);
    if (probe) health.answered();
    seen = feed.seen;
    await apply(feed.changes);
  }
  function catchUp(): Promise<void> {
    reading = reading.then(readOnce, readOnce);
    return reading;
  }
  const stopWatching = schedule(
    Math.max(10, cacheTtlMs / 2),
    () => catchUp().catch((error: unknown) => health.failed(error)),
    { now: true, bounds: true },
  );

  // Every server sends what is due, so an event outlives the server that added it (contract section 13). A store that
  // does not answer is an outage, told once; anything else would go unseen without its own line.
  const stopDelivering = schedule(DELIVERY_EVERY_MS, () =>
    webhooks.deliverDue().catch((error: unknown) => {
      if (isUnavailable(error)) failed(error);
      else logger.error("webhook delivery failed", { error: error instanceof Error ? error.message : String(error) });
    }),
  );

  /**
   * Wraps a write so that this server reads the change feed as soon as it is done: its own change (and any other
   * server's before it) applies before the answer, so this server never serves what it just changed. If the feed
   * cannot be read, everything is dropped instead.
   */
  const thenCatchUp =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await write(...args);
      } finally {
        await catchUp().catch((error: unknown) => {
          health.failed(error);
          forgetAll();
        });
      }
    };

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
   * each of `writes` makes this server apply the changes it made before it answers.
   */
  function served<S extends Record<string, unknown>>(store: S, writes: (keyof S & string)[]): S {
    const watched = health.watching(store);
    for (const name of writes) {
      watched[name] = thenCatchUp(watched[name] as (...args: unknown[]) => Promise<unknown>) as S[typeof name];
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
      record: thenCatchUp((entry: AuditEntry) => auditInsert(db, entry).then(() => undefined)),
    }),
    targets,
    /**
     * Webhooks: `outbox.add` is what a check calls before it answers to raise events durably; `endpoints` are the
     * admin's; `deliverDue` sends what is due now (run every second here, and by a Worker's Cron Trigger).
     */
    webhooks: {
      ...webhooks,
      outbox: health.watching(webhooks.outbox),
      endpoints: health.watching(webhooks.endpoints),
    },

    /** Calls `listener` with every change this server learns of, so in-process caches can drop what depends on it. */
    onChange(listener: (change: ConfigChange) => void): void {
      listeners.push(listener);
    },

    /** Who a bearer is, or null when it is unknown or revoked; a value rather than a promise when cached. */
    principal(bearer: string): Principal | null | Promise<Principal | null> {
      const hash = bearerHash(bearer);
      if (adminTokenHash && hashesEqual(hash, adminTokenHash)) return ADMIN;
      const found = principals.get(hash, () => lookup(bearer, hash));
      return found instanceof Promise ? found.then((p) => ofLiveCustomer(bearer, p)) : ofLiveCustomer(bearer, found);
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
      stopDelivering();
    },
  };
}

export type Config = ReturnType<typeof createConfig>;
