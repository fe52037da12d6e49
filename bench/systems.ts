// The systems compared: Bouncer with each counter store, and the peers a user would pick instead.
import type { BenchLimits } from "./peers/serve";

export type SystemId =
  | "memory"
  | "redis"
  | "upstash"
  | "worker"
  | "floor"
  | "worker-floor"
  | "worker-upstash-ratelimit"
  | "rlf"
  | "upstash-ratelimit"
  | "memory-floor"
  | "bare";

/** Where a run's shared pieces live, for the systems' environments. */
export type RunContext = {
  databaseUrl: string;
  adminToken: string;
  redisUrl: string;
  upstash: { url: string; token: string };
  limits: BenchLimits;
};

export type System = {
  id: SystemId;
  label: string;
  /** Bouncer itself, or a peer it is measured against. */
  bouncer: boolean;
  /** Whether its checks reach Redis (so commands per check mean something). */
  redis: boolean;
  /**
   * The Node script it runs, or a Worker in workerd (bench/worker/start.ts): `workerd` is Bouncer's bundle,
   * `workerd:<entry>` a peer Worker's, bundled from that file (bench/worker/peer-bundle.ts).
   */
  script: string;
  env(ctx: RunContext): Record<string, string>;
};

const SERVICE = "api/src/entry/node.ts";

// A check that outlives STORE_TIMEOUT_MS is answered by the plan's fail mode without the store: at saturation,
// queues past the default 100 ms would count such answers as checks. 5 s is @upstash/ratelimit's own default.
export const STORE_TIMEOUT_MS = "5000";

const service = (ctx: RunContext, store: Record<string, string>) => ({
  DATABASE_URL: ctx.databaseUrl,
  ADMIN_TOKEN: ctx.adminToken,
  STORE_TIMEOUT_MS,
  ...store,
});

const upstashEnv = (ctx: RunContext) => ({
  UPSTASH_REDIS_REST_URL: ctx.upstash.url,
  UPSTASH_REDIS_REST_TOKEN: ctx.upstash.token,
});

const peerEnv = (ctx: RunContext) => ({ BENCH_LIMITS: JSON.stringify(ctx.limits) });

export const SYSTEMS: System[] = [
  {
    id: "memory",
    label: "Bouncer, memory store",
    bouncer: true,
    redis: false,
    script: SERVICE,
    env: (ctx) => service(ctx, { COUNTER_STORE: "memory" }),
  },
  {
    id: "redis",
    label: "Bouncer, Redis store",
    bouncer: true,
    redis: true,
    script: SERVICE,
    env: (ctx) => service(ctx, { COUNTER_STORE: "redis", REDIS_URL: ctx.redisUrl }),
  },
  {
    id: "upstash",
    label: "Bouncer, Upstash store",
    bouncer: true,
    redis: true,
    script: SERVICE,
    env: (ctx) => service(ctx, { COUNTER_STORE: "upstash", ...upstashEnv(ctx) }),
  },
  {
    id: "worker",
    label: "Bouncer, Worker (workerd)",
    bouncer: true,
    redis: true,
    script: "workerd",
    // Its config is in a D1 of its own, not the Node services' SQLite file (bench/worker/start.ts).
    env: (ctx) => ({
      ADMIN_TOKEN: ctx.adminToken,
      STORE_TIMEOUT_MS,
      COUNTER_STORE: "upstash",
      ...upstashEnv(ctx),
    }),
  },
  {
    id: "floor",
    label: "floor: one EVALSHA",
    bouncer: false,
    redis: true,
    script: "bench/peers/floor.ts",
    env: (ctx) => ({ ...peerEnv(ctx), REDIS_URL: ctx.redisUrl }),
  },
  {
    id: "worker-floor",
    label: "Worker floor (workerd)",
    bouncer: false,
    redis: true,
    // One EVALSHA through @upstash/redis per request, in the Worker's setup.
    script: "workerd:bench/worker/floor.worker.ts",
    env: (ctx) => ({ ...peerEnv(ctx), ...upstashEnv(ctx) }),
  },
  {
    id: "worker-upstash-ratelimit",
    label: "@upstash/ratelimit, Worker (workerd)",
    bouncer: false,
    redis: true,
    script: "workerd:bench/worker/upstash-ratelimit.worker.ts",
    env: (ctx) => ({ ...peerEnv(ctx), ...upstashEnv(ctx) }),
  },
  {
    id: "rlf",
    label: "rate-limiter-flexible",
    bouncer: false,
    redis: true,
    script: "bench/peers/rate-limiter-flexible.ts",
    env: (ctx) => ({ ...peerEnv(ctx), REDIS_URL: ctx.redisUrl }),
  },
  {
    id: "upstash-ratelimit",
    label: "@upstash/ratelimit",
    bouncer: false,
    redis: true,
    script: "bench/peers/upstash-ratelimit.ts",
    env: (ctx) => ({ ...peerEnv(ctx), ...upstashEnv(ctx) }),
  },
  {
    id: "memory-floor",
    label: "memory floor: a count in process",
    bouncer: false,
    redis: false,
    // The contract's answer from a Map, written a turn at a time: the least any store that counts in process does.
    script: "bench/peers/memory-floor.ts",
    env: peerEnv,
  },
  {
    id: "bare",
    label: "bare node:http",
    bouncer: false,
    redis: false,
    script: "bench/peers/bare.ts",
    env: peerEnv,
  },
];

/** Whether a system is a Worker in workerd rather than a Node process. */
export const onWorkerd = (system: System) => system.script.startsWith("workerd");

/**
 * The comparisons and their targets (numerator's checks/s over denominator's), as issue 28 restates them: the Worker
 * against the Worker floor (any Worker making one call per check) and @upstash/ratelimit on a Worker; against the
 * Node Upstash store it has none since (issue 16's 0.5x was out of reach without merging requests, which a Worker
 * may not do).
 */
export const RATIOS: { of: SystemId; to: SystemId; target: number | null; says?: string }[] = [
  { of: "redis", to: "floor", target: 0.9 },
  { of: "redis", to: "rlf", target: 2 },
  { of: "upstash", to: "upstash-ratelimit", target: 6 },
  { of: "memory", to: "bare", target: 0.8 },
  { of: "memory", to: "memory-floor", target: null, says: "Bouncer's own work over the least a count in process does" },
  { of: "memory-floor", to: "bare", target: null, says: "what the contract's answer costs against 16 bytes" },
  { of: "worker", to: "worker-floor", target: 0.85 },
  { of: "worker", to: "worker-upstash-ratelimit", target: 2 },
  { of: "worker", to: "upstash", target: null, says: "what one call per check leaves" },
];
