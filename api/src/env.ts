// The service's configuration, validated once at start (contract section 2).
import { z } from "zod";
import { redact } from "./redact";

/** setTimeout's largest delay (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

const positiveInt = (name: string, fallback: number, least = 1) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      // The most a timer holds: Node and workerd fire a longer one at once, so a cache read every millisecond.
      if (!/^\d+$/.test(v) || Number(v) < least || Number(v) > MAX_TIMER_MS) {
        ctx.addIssue({
          code: "custom",
          message: `${name} must be a whole number of milliseconds from ${least} to ${MAX_TIMER_MS}, got "${v}"`,
        });
        return z.NEVER;
      }
      return Number(v);
    });

/**
 * A URL of one of `protocols`. `rule` says what else it must be, for a URL that would pass the parser and still never
 * work (fetch refuses user info in a URL; Redis numbers its databases).
 */
const url = (name: string, protocols: string[], rule?: (url: URL) => string | null) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      // The line goes to the logs: a URL's credentials never do.
      const shown = redact(v);
      if (!URL.canParse(v) || !protocols.includes(new URL(v).protocol)) {
        ctx.addIssue({ code: "custom", message: `${name} must be a ${protocols.join(" or ")} URL, got "${shown}"` });
        return z.NEVER;
      }
      const broken = rule?.(new URL(v));
      if (broken) {
        ctx.addIssue({ code: "custom", message: `${name} ${broken}, got "${shown}"` });
        return z.NEVER;
      }
      return v;
    });

/** Over HTTP the token goes in a header of its own: fetch refuses a URL with a user name or password. */
const noUserInfo = (token: string) => (url: URL) =>
  url.username || url.password ? `must not hold a user name or password: give the token in ${token}` : null;

/** A Redis URL names its database by number, in its path or ?db=; anything else fails at the first command. */
const redisDatabase = (url: URL) =>
  /^\/?(\d+)?$/.test(url.pathname) && /^\d*$/.test(url.searchParams.get("db") ?? "")
    ? null
    : "names its database by number (redis://host:6379/0)";

/** PORT as a number (`fallback` when unset or empty), or the one line that says what is wrong with it. */
export function portOf(value: string | undefined, fallback: number): number | { error: string } {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 65535) {
    return { error: `PORT must be a port number from 1 to 65535, got "${value}"` };
  }
  return n;
}

/** pino's levels, most to least severe, and silent. */
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

const EnvSchema = z
  .object({
    PORT: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const port = portOf(v, 8787);
        if (typeof port === "number") return port;
        ctx.addIssue({ code: "custom", message: port.error });
        return z.NEVER;
      }),
    // Empty is unset, as for every other variable: to Node, listening on host "" is listening on every interface.
    HOST: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === "" ? "127.0.0.1" : v)),
    DATABASE_URL: url("DATABASE_URL", ["file:", "libsql:", "http:", "https:", "ws:", "wss:"], (url) =>
      url.protocol === "file:" ? null : noUserInfo("DATABASE_AUTH_TOKEN")(url),
    ).refine(
      // "file:" alone opens an empty database in memory: every plan, customer and key gone at the next start.
      (v) => v === undefined || !v.startsWith("file:") || v.slice(5).split("?")[0]?.replace(/^\/\//, "") !== "",
      'DATABASE_URL "file:" names no file: give a path, such as file:data/quota.db',
    ),
    DATABASE_AUTH_TOKEN: z.string().optional(),
    COUNTER_STORE: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === "") return undefined;
        if (v !== "memory" && v !== "redis" && v !== "upstash") {
          ctx.addIssue({ code: "custom", message: `COUNTER_STORE must be memory, redis or upstash, got "${v}"` });
          return z.NEVER;
        }
        return v;
      }),
    UPSTASH_REDIS_REST_URL: url("UPSTASH_REDIS_REST_URL", ["http:", "https:"], noUserInfo("UPSTASH_REDIS_REST_TOKEN")),
    UPSTASH_REDIS_REST_TOKEN: z.string().optional(),
    REDIS_URL: url("REDIS_URL", ["redis:", "rediss:"], redisDatabase),
    REDIS_CLUSTER_NODES: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === "") return undefined;
        const nodes = v.split(",").map((s) => s.trim());
        const port = (node: string) => Number(node.slice(node.lastIndexOf(":") + 1));
        if (!nodes.every((n) => /^[^\s:]+:\d{1,5}$/.test(n) && port(n) >= 1 && port(n) <= 65535)) {
          ctx.addIssue({
            code: "custom",
            message: `REDIS_CLUSTER_NODES must be comma-separated host:port pairs, got "${v}"`,
          });
          return z.NEVER;
        }
        return nodes;
      }),
    STORE_TIMEOUT_MS: positiveInt("STORE_TIMEOUT_MS", 100),
    // Each server reads the changes every half of it, and no more often than every 10 ms (config/index.ts): a shorter
    // one would be a bound on revoked keys that no server keeps.
    CONFIG_CACHE_TTL_MS: positiveInt("CONFIG_CACHE_TTL_MS", 2000, 20),
    // As a client can send it: one run of visible ASCII that fits a bearer (auth.ts). Any other could never be used,
    // and every request with it would be told to send what it sent. Its value is never echoed.
    ADMIN_TOKEN: z
      .string()
      .optional()
      .refine(
        (v) => v === undefined || v === "" || /^[\x21-\x7e]{1,256}$/.test(v),
        "ADMIN_TOKEN must be 1 to 256 visible ASCII characters, with no space (it is sent as a bearer token as is)",
      ),
    WEBHOOK_ALLOW_PRIVATE: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === "" || v === "0") return false;
        if (v === "1") return true;
        ctx.addIssue({ code: "custom", message: `WEBHOOK_ALLOW_PRIVATE must be 1 or 0, got "${v}"` });
        return z.NEVER;
      }),
    LOG_LEVEL: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === "") return "info";
        if (!LOG_LEVELS.includes(v)) {
          ctx.addIssue({ code: "custom", message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${v}"` });
          return z.NEVER;
        }
        return v;
      }),
  })
  .transform((env, ctx) => {
    const counterStore =
      env.COUNTER_STORE ??
      (env.REDIS_CLUSTER_NODES || env.REDIS_URL ? "redis" : env.UPSTASH_REDIS_REST_URL ? "upstash" : "memory");
    if (counterStore === "upstash" && (!env.UPSTASH_REDIS_REST_URL || !env.UPSTASH_REDIS_REST_TOKEN)) {
      ctx.addIssue({
        code: "custom",
        // Said as the user set it: a URL alone chose the Upstash store, with no COUNTER_STORE to name.
        message: env.COUNTER_STORE
          ? "COUNTER_STORE=upstash needs UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN"
          : "UPSTASH_REDIS_REST_URL needs UPSTASH_REDIS_REST_TOKEN",
      });
      return z.NEVER;
    }
    // A token without its URL is an Upstash store meant and misnamed: counting in memory instead, each server apart,
    // would break every limit shared by more than one server.
    if (
      !env.COUNTER_STORE &&
      env.UPSTASH_REDIS_REST_TOKEN &&
      !env.UPSTASH_REDIS_REST_URL &&
      counterStore === "memory"
    ) {
      ctx.addIssue({ code: "custom", message: "UPSTASH_REDIS_REST_TOKEN is set without UPSTASH_REDIS_REST_URL" });
      return z.NEVER;
    }
    if (counterStore === "redis" && !env.REDIS_URL && !env.REDIS_CLUSTER_NODES) {
      ctx.addIssue({ code: "custom", message: "COUNTER_STORE=redis needs REDIS_URL or REDIS_CLUSTER_NODES" });
      return z.NEVER;
    }
    return {
      port: env.PORT,
      host: env.HOST,
      databaseUrl: env.DATABASE_URL ?? "file:data/quota.db",
      databaseAuthToken: env.DATABASE_AUTH_TOKEN || undefined,
      counterStore,
      upstash: { url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN },
      redis: { url: env.REDIS_URL, clusterNodes: env.REDIS_CLUSTER_NODES },
      storeTimeoutMs: env.STORE_TIMEOUT_MS,
      configCacheTtlMs: env.CONFIG_CACHE_TTL_MS,
      adminToken: env.ADMIN_TOKEN || undefined,
      /** Webhooks may go to private and link-local addresses (a receiver in the same network). */
      webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
      logLevel: env.LOG_LEVEL,
    };
  });

export type Env = z.output<typeof EnvSchema>;

/** The parsed configuration, or one line that names the offending variable. */
export function parseEnv(
  source: Record<string, string | undefined>,
): { ok: true; env: Env } | { ok: false; error: string } {
  const parsed = EnvSchema.safeParse(source);
  if (parsed.success) return { ok: true, env: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: `Invalid configuration: ${issue?.message ?? "unknown error"}` };
}
