// The Worker as `wrangler deploy` would upload it (the same --dry-run as `npm run build:worker`), with its size: what
// the Worker's tests run in workerd (worker-host.ts) and the bench measures.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { unstable_readConfig } from "wrangler";

const ROOT = resolve(import.meta.dirname, "../..");

export type WorkerBundle = {
  dir: string;
  /** The main module first, then the text modules (the Lua) it imports. */
  modules: { type: "ESModule" | "Text"; path: string }[];
  rawBytes: number;
  gzipBytes: number;
  compatibilityDate: string;
  compatibilityFlags: string[];
  /** The D1 binding's name and the id wrangler gives its local database. */
  d1: { binding: string; id: string };
};

/** What bench/worker/host.ts runs: a Worker's modules and settings, with a D1 database when it has one. */
export type HostedWorker = Pick<WorkerBundle, "dir" | "modules" | "compatibilityDate" | "compatibilityFlags"> & {
  d1?: WorkerBundle["d1"];
};

/** Bundles into `dir`; sizes as build:worker counts them, every uploaded module gzipped at level 9. */
export function bundleWorker(dir: string): WorkerBundle {
  // The script is the same whatever the assets (checked byte for byte), and the bench serves none: an empty folder
  // instead of web/dist needs no web build on a fresh clone and leaves web/dist alone for the Worker tests beside it.
  const assets = join(dir, "..", "worker-assets");
  mkdirSync(assets, { recursive: true });
  const built = spawnSync(
    resolve(ROOT, "node_modules/.bin/wrangler"),
    ["deploy", "--dry-run", "--outdir", dir, "--assets", assets],
    { cwd: ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, encoding: "utf8" },
  );
  if (built.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${built.stdout}${built.stderr}`);
  const names = readdirSync(dir).filter((name) => name.endsWith(".js") || name.endsWith(".lua"));
  const modules = names
    .map((name) => ({ type: name.endsWith(".js") ? ("ESModule" as const) : ("Text" as const), path: join(dir, name) }))
    .sort((a, b) => (a.type === b.type ? 0 : a.type === "ESModule" ? -1 : 1));
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const { path } of modules) {
    const bytes = readFileSync(path);
    rawBytes += bytes.length;
    gzipBytes += gzipSync(bytes, { level: 9 }).length;
  }
  const config = readConfig();
  const db = config.d1_databases[0];
  if (!db?.database_id) throw new Error("wrangler.jsonc binds no D1 database");
  return {
    dir,
    modules,
    rawBytes,
    gzipBytes,
    compatibilityDate: config.compatibility_date ?? "",
    compatibilityFlags: config.compatibility_flags,
    d1: { binding: db.binding, id: db.preview_database_id ?? db.database_id },
  };
}

/** wrangler.jsonc, as wrangler reads it: the Worker's compatibility date and flags, and its bindings. */
export const readConfig = () => unstable_readConfig({ config: resolve(ROOT, "wrangler.jsonc") });
