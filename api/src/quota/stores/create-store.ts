// Picks the counter store the configuration names: memory (embedded), Redis over TCP, or Upstash over REST.
// On a Worker, which has no TCP, the Redis store is one that says so (package.json imports).
import { createRedisStore } from "#redis-store";
import type { Env } from "../../env";
import { redact } from "../../redact";
import type { Schedule } from "../../schedule";
import type { CounterStore } from "../store";
import { createMemoryStore } from "./memory-store";
import { createUpstashStore } from "./upstash-store";

export type StorePlace = {
  /**
   * On a Worker isolate: Upstash requests of concurrent requests are not merged (a request whose answer waits on
   * another's I/O is cancelled there), and none is aborted by a signal of its own (the guard's timer of each call
   * answers on time, and workerd cancels what is still out with the request).
   */
  isolate?: boolean;
  /** Where the memory store's sweep runs: timers by default, requests where timers do not last. */
  schedule?: Schedule;
};

export function createCounterStore(env: Env, { isolate = false, schedule }: StorePlace = {}): CounterStore {
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
        mergeRequests: !isolate,
        abortAfterBudget: !isolate,
      });
    default:
      return createMemoryStore({ schedule });
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
