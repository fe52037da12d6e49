// A peer Worker (the Worker floor, @upstash/ratelimit on a Worker) as the bench runs it beside Bouncer's Worker
// (api/dev/worker-bundle.ts), in the same workerd.
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildSync } from "esbuild";
import { type HostedWorker, readConfig } from "../../api/dev/worker-bundle";
import { ROOT } from "../processes";

/**
 * The peer Worker at `entry` (a path from the root) bundled into `dir` by esbuild with the conditions wrangler bundles
 * with, so @upstash/redis resolves to the same build as in Bouncer's bundle; it runs on Bouncer's compatibility date
 * and flags.
 */
export function bundlePeerWorker(entry: string, dir: string): HostedWorker {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "peer.js");
  buildSync({
    entryPoints: [resolve(ROOT, entry)],
    outfile: path,
    bundle: true,
    format: "esm",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    // What workerd gives a Worker with nodejs_compat.
    external: ["node:*"],
    target: "es2022",
    logLevel: "error",
  });
  const config = readConfig();
  return {
    dir,
    modules: [{ type: "ESModule", path }],
    compatibilityDate: config.compatibility_date ?? "",
    compatibilityFlags: config.compatibility_flags,
  };
}
