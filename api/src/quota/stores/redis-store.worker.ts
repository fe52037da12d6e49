// The Redis store on Cloudflare Workers, which have no TCP: one that says so, in place of ioredis, which a Worker could
// neither bundle nor run (the Worker's configuration refuses COUNTER_STORE=redis before this is reached).
import type { CounterStore } from "../store";
import type { RedisStoreOptions } from "./redis-store";

export function createRedisStore(_options: RedisStoreOptions): CounterStore {
  throw new Error("COUNTER_STORE=redis needs TCP, which a Worker lacks: use Upstash");
}
