// `npm run dev:worker`: the service in workerd through wrangler, on http://127.0.0.1:${PORT:-8788}, with a local D1
// migrated on start and the variables of contract section 11 taken from the environment it was started with.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { workerEnv } from "../src/entry/worker-service";
import { portOf } from "../src/env";
import { prepareWorkerAssets, root } from "./worker-assets";

// What the Worker reads (worker-service.ts), passed on only when set.
const VARIABLES = [
  "ADMIN_TOKEN",
  "STORE_TIMEOUT_MS",
  "CONFIG_CACHE_TTL_MS",
  "UPSTASH_REDIS_REST_URL",
  "UPSTASH_REDIS_REST_TOKEN",
  "COUNTER_STORE",
  "DATABASE_URL",
  "DATABASE_AUTH_TOKEN",
  "LOG_LEVEL",
  "WEBHOOK_ALLOW_PRIVATE",
];

const port = portOf(process.env.PORT, 8788);
// Where the local D1 lives; tests give each run a folder of its own.
const persistTo = resolve(root, process.env.WORKER_STATE_DIR || ".wrangler/state");
const wrangler = resolve(root, "node_modules/.bin/wrangler");
// The assets to serve instead of web/dist: tests give a copy of their own, which no concurrent build rewrites
// (wrangler dev reloads its Worker, cutting requests short, whenever a served file changes).
const assets = process.env.WORKER_ASSETS_DIR ? ["--assets", resolve(process.env.WORKER_ASSETS_DIR)] : [];
// Nothing from the network: a local run needs no real `Request.cf` (else fetched from Cloudflare, up to 3 s when
// unreachable) and sends no telemetry, so it starts the same offline.
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

// A wrong value stops the start with the one line that names it, as `npm start` does, rather than a Worker that
// answers 500 to every request (wrangler.jsonc binds DB).
const checked = workerEnv(Object.fromEntries(VARIABLES.map((name) => [name, process.env[name] || undefined])), true);
if (!checked.ok || typeof port !== "number") {
  console.error(checked.ok ? `Invalid configuration: ${(port as { error: string }).error}` : checked.error);
  process.exit(1);
}

prepareWorkerAssets();
const migrated = spawnSync(wrangler, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...env, CI: "true" },
});
if (migrated.status !== 0) {
  console.error("dev:worker: the local D1 migrations failed (above)");
  process.exit(1);
}

// Secrets go through a file only this user can read, not the command line that `ps` shows.
const varsDir = mkdtempSync(join(tmpdir(), "bouncer-worker-"));
const varsFile = join(varsDir, "vars.env");
const lines = VARIABLES.filter((name) => process.env[name]).map(
  (name) => `${name}=${JSON.stringify(process.env[name])}`,
);
writeFileSync(varsFile, `${lines.join("\n")}\n`, { mode: 0o600 });

const child = spawn(
  wrangler,
  [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    persistTo,
    "--env-file",
    varsFile,
    "--show-interactive-dev-session=false",
    "--live-reload=false",
    ...assets,
  ],
  { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] },
);
const stop = (signal: NodeJS.Signals) => child.kill(signal);
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
child.once("exit", (code, signal) => {
  rmSync(varsDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
