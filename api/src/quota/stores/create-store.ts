// Picks the counter store the configuration names: memory (embedded), Redis over TCP, or Upstash over REST.
import type { Env } from "../../env";
import { redact } from "../../redact";
import type { CounterStore } from "../store";
import { createMemoryStore } from "./memory-store";
import { createRedisStore } from "./redis-store";
import { createUpstashStore } from "./upstash-store";

export function createCounterStore(env: Env): CounterStore {
  switch (env.counterStore) {
    case "redis":
      return createRedisStore({
        url: env.redis.url,
        clusterNodes: env.redis.clusterNodes,
        timeoutMs: env.storeTimeoutMs,
      });
    case "upstash":
      return createUpstashStore({
        url: env.upstash.url as string,
        token: env.upstash.token as string,
        timeoutMs: env.storeTimeoutMs,
      });
    default:
      return createMemoryStore();
  }
}

/** Where the counters are, for the start-up log: never the credentials. */
export function describeCounterStore(env: Env): string {
  if (env.counterStore === "redis") {
    return env.redis.clusterNodes
      ? `redis cluster ${env.redis.clusterNodes.join(",")}`
      : `redis ${redact(env.redis.url ?? "")}`;
  }
  if (env.counterStore === "upstash") return `upstash ${redact(env.upstash.url ?? "")}`;
  return "memory";
}
