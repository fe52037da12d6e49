// A counter store of each kind an API server reaches, started for a test: one redis-server, a 3-node Cluster, or the
// Upstash REST endpoint in front of a redis-server, as the environment that points a server at it.
import { startCluster, startRedis } from "./redis-server";
import { startUpstashEndpoint } from "./upstash-endpoint";

export type CounterStoreKind = "redis" | "cluster" | "upstash";

export async function startCounterStore(
  kind: CounterStoreKind,
): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  if (kind === "cluster") {
    const cluster = await startCluster(3);
    return { env: { REDIS_CLUSTER_NODES: cluster.seeds.join(",") }, stop: () => cluster.stop() };
  }
  const redis = await startRedis();
  if (kind === "redis") return { env: { REDIS_URL: redis.url }, stop: () => redis.stop() };
  const endpoint = await startUpstashEndpoint({ redisUrl: redis.url });
  return {
    env: { UPSTASH_REDIS_REST_URL: endpoint.url, UPSTASH_REDIS_REST_TOKEN: endpoint.token },
    async stop() {
      await endpoint.close();
      await redis.stop();
    },
  };
}

/** A started store's environment, its stop added to a test file's `cleanups` (run after its tests). */
export async function counterStoreEnv(
  kind: CounterStoreKind,
  cleanups: (() => Promise<void> | void)[],
): Promise<Record<string, string>> {
  const started = await startCounterStore(kind);
  cleanups.push(() => started.stop());
  return started.env;
}
