// Test tooling: the Worker in real workerd, started as `npm run dev:worker` starts it (api/dev/dev-worker.ts), with a
// local D1 in a folder of its own and its output captured.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { resolve } from "node:path";
import { freePort } from "./redis-server";
import { type ServerProcess, untilHealthy, watchProcess } from "./server-process";
import { prepareWorkerAssets, root } from "./worker-assets";

/**
 * The built UI and the docs' script, copied into `dir` for one Worker: a fresh clone has no web/dist until `npm run
 * build:web` (the e2e tests'), and a build or a bench running beside the tests would rewrite it under the Worker.
 */
function assetsCopy(dir: string): string {
  if (!existsSync(resolve(root, "web/dist/index.html"))) {
    const built = spawnSync(process.execPath, [resolve(root, "node_modules/vite/bin/vite.js"), "build"], {
      cwd: root,
      stdio: "ignore",
    });
    if (built.status !== 0) throw new Error("the web UI did not build (npm run build:web)");
  }
  prepareWorkerAssets();
  const copy = mkdtempSync(resolve(dir, "assets-"));
  cpSync(resolve(root, "web/dist"), copy, { recursive: true });
  return copy;
}

/**
 * Starts the Worker with `env` on a free port and waits for /healthz; workers given one `stateDir` share a D1. Its
 * assets are copied into `stateDir` too, so removing that folder leaves nothing behind.
 */
export async function startWorker(env: Record<string, string>, stateDir: string): Promise<ServerProcess> {
  const assetsDir = assetsCopy(stateDir);
  const port = await freePort();
  // A group of its own: wrangler starts workerd and helpers.
  const child = spawn(process.execPath, ["--import", "tsx", "api/dev/dev-worker.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), WORKER_STATE_DIR: stateDir, WORKER_ASSETS_DIR: assetsDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  // The whole group goes: the wrapper, wrangler and the workerd processes it started.
  const worker = watchProcess(child, `http://127.0.0.1:${port}`, (signal) =>
    process.kill(-(child.pid as number), signal),
  );
  // Wrangler bundles the Worker and starts workerd first: much slower than Node on a loaded machine.
  await untilHealthy(worker, child, 90_000);
  return worker;
}
