// Test tooling: the route suites' Worker (routes/testing/, testing/): the bundle `wrangler deploy` would upload, run
// in workerd through miniflare's API in this process, with an in-memory D1 and the project's Upstash endpoint in front
// of a real redis-server. Each fresh service is a restarted Worker on a D1 of its own, its counters flushed.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Miniflare, type MiniflareOptions } from "miniflare";
import { ADMIN_TOKEN, callThrough, type RouteHost } from "../src/testing/test-app";
import { startRedis } from "./redis-server";
import { startUpstashEndpoint } from "./upstash-endpoint";
import { root } from "./worker-assets";
import { bundleWorker } from "./worker-bundle";

/**
 * The SQL files of wrangler.jsonc's migrations_dir in order, as `wrangler d1 migrations apply` applies them, cut at
 * drizzle-kit's breakpoints (comments to SQL): one prepared statement holds one statement.
 */
function migrationStatements(): string[] {
  const dir = resolve(root, "db/migrations");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .flatMap((name) => readFileSync(join(dir, name), "utf8").split("--> statement-breakpoint"))
    .map((statement) => statement.trim())
    .filter(Boolean);
}

export type WorkerTarget = RouteHost & { close(): Promise<void> };

/** Bundles the Worker and starts its stores; the Worker itself starts on the first `fresh()`. */
export async function startWorkerTarget(): Promise<WorkerTarget> {
  const dir = mkdtempSync(join(tmpdir(), "bouncer-worker-routes-"));
  const bundle = bundleWorker(join(dir, "bundle"));
  const statements = migrationStatements();
  const redis = await startRedis();
  const upstash = await startUpstashEndpoint({ redisUrl: redis.url });
  let mf: Miniflare | undefined;
  let databases = 0;

  const options = (): MiniflareOptions => ({
    modulesRoot: bundle.dir,
    modules: bundle.modules,
    compatibilityDate: bundle.compatibilityDate,
    compatibilityFlags: bundle.compatibilityFlags,
    bindings: {
      ADMIN_TOKEN,
      UPSTASH_REDIS_REST_URL: upstash.url,
      UPSTASH_REDIS_REST_TOKEN: upstash.token,
      // A loaded machine's two cores serve the test, workerd and Redis at once: a wait there is no outage here.
      STORE_TIMEOUT_MS: "5000",
      LOG_LEVEL: "error",
    },
    // A new database id is a new, empty in-memory D1.
    d1Databases: { [bundle.d1.binding]: `routes-${++databases}` },
    // The bundler's empty assets folder: every path that is not an API's asks the assets first, as when deployed.
    assets: {
      directory: join(dir, "worker-assets"),
      binding: "ASSETS",
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    },
    logRequests: false,
  });

  async function fresh() {
    // A restart, not a new Miniflare: the isolate, and with it the service built on its first request, is new. Measured
    // on two cores: a new Miniflare 0.41-0.48 s, a restart 0.25-0.29 s, and several Workers in one (each its own D1,
    // handed out in turn) cost as much per Worker as restarts; with the migrations and the flush, 0.4 s a test.
    if (mf) await mf.setOptions(options());
    else mf = new Miniflare(options());
    await mf.ready;
    const d1 = await mf.getD1Database(bundle.d1.binding);
    await d1.batch(statements.map((statement) => d1.prepare(statement)));
    const flushed = await fetch(upstash.url, {
      method: "POST",
      headers: { authorization: `Bearer ${upstash.token}` },
      body: JSON.stringify(["FLUSHALL"]),
    });
    if (!flushed.ok) throw new Error(`FLUSHALL through the Upstash endpoint: ${flushed.status}`);
    const worker = mf;
    // HTTP on a socket into workerd, through miniflare's entry worker as `wrangler dev` serves it.
    return {
      call: callThrough(
        async (path, init) =>
          (await worker.dispatchFetch(`http://localhost${path}`, init as never)) as unknown as Response,
      ),
      // The Cron Trigger of wrangler.jsonc, as Cloudflare fires it.
      deliverWebhooks: async () => {
        const fetcher = (await worker.getWorker()) as unknown as {
          scheduled(event: { cron: string }): Promise<unknown>;
        };
        return fetcher.scheduled({ cron: "* * * * *" });
      },
    };
  }

  return {
    runtime: "worker",
    fresh,
    async close() {
      await mf?.dispose();
      await upstash.close();
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
