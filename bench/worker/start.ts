// The Worker as one of the run's systems: bundled, its local D1 migrated and seeded, then started cold and timed.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { freePort } from "../../api/dev/redis-server";
import { bundleWorker, type HostedWorker, type WorkerBundle } from "../../api/dev/worker-bundle";
import { childrenNamed, ROOT, type ServerProcess, spawnOwned, trackGrandchild } from "../processes";
import { type Seed, seed } from "../seed";
import { bundlePeerWorker } from "./peer-bundle";

/** One start of a fresh workerd: until it listens, then the first check's answer (the service is built on it). */
export type ColdStart = { readyMs: number; firstCheckMs: number };

export type WorkerStart = {
  server: ServerProcess;
  seed: Seed;
  bundle: Pick<WorkerBundle, "rawBytes" | "gzipBytes">;
  coldStarts: ColdStart[];
};

/** Starts workerd through bench/worker/host.ts and waits for its `ready <ms>` line, never touching the Worker. */
async function startHost(name: string, bundle: HostedWorker, stateDir: string, vars: Record<string, string>) {
  const port = await freePort();
  const owned = spawnOwned(["--import", "tsx", "bench/worker/host.ts"], {
    PORT: String(port),
    WORKER_BUNDLE: JSON.stringify(bundle),
    WORKER_VARS: JSON.stringify(vars),
    WORKER_STATE_DIR: stateDir,
  });
  const readyMs = await new Promise<number>((done, fail) => {
    let seen = "";
    const timer = setTimeout(() => fail(new Error(`${name} was not ready within 60 s:\n${owned.output()}`)), 60_000);
    owned.child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const ready = seen.match(/^ready ([\d.]+)$/m);
      if (ready) {
        clearTimeout(timer);
        done(Number(ready[1]));
      }
    });
    owned.child.once("exit", (code) => fail(new Error(`${name} exited with ${code}:\n${owned.output()}`)));
  });
  const pid = owned.child.pid as number;
  const workerd = childrenNamed(pid, "workerd");
  const killWorkerd = workerd.map(trackGrandchild);
  if (workerd.length === 0) throw new Error(`${name}: no workerd process under ${pid}`);
  const server: ServerProcess = {
    name,
    url: `http://127.0.0.1:${port}`,
    pid,
    serverPids: () => workerd,
    output: owned.output,
    assertRunning: () => owned.assertRunning(name),
    async stop() {
      await owned.stop();
      // Gone already when the host closed miniflare; left running when a stuck host was killed.
      for (const kill of killWorkerd) kill();
    },
  };
  return { server, readyMs };
}

/** One check, timed from its sending to the end of its answer; anything but a 200 fails the run. */
async function timedCheck(url: string, token: string, key: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/v1/check`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ key }),
  });
  const body = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`the Worker's check answered ${res.status}: ${body}`);
  return ms;
}

/**
 * Bundles the Worker, migrates a D1 of its own (a Worker cannot open the Node services' SQLite file) and seeds it
 * through the admin API as the Node services are, then starts it `coldStarts` times on that D1, each a new workerd,
 * and keeps the last one running.
 */
export async function startWorkerSystem(options: {
  name: string;
  dir: string;
  vars: Record<string, string>;
  adminToken: string;
  customers: number;
  coldStarts: number;
}): Promise<WorkerStart> {
  const bundle = bundleWorker(join(options.dir, "worker-bundle"));
  const stateDir = join(options.dir, "worker-state");
  mkdirSync(stateDir, { recursive: true });
  const migrated = spawnSync(
    resolve(ROOT, "node_modules/.bin/wrangler"),
    ["d1", "migrations", "apply", bundle.d1.binding, "--local", "--persist-to", stateDir],
    { cwd: ROOT, env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" }, encoding: "utf8" },
  );
  if (migrated.status !== 0)
    throw new Error(`the Worker's D1 migrations failed:\n${migrated.stdout}${migrated.stderr}`);

  const seeding = await startHost(`${options.name} (seeding)`, bundle, stateDir, options.vars);
  let seeded: Seed;
  try {
    seeded = await seed(seeding.server.url, options.adminToken, options.customers);
    // Upstash then holds the check script, as it does for any deployment that has answered a check before.
    await timedCheck(seeding.server.url, seeded.serviceToken, seeded.keys[0] as string);
  } finally {
    await seeding.server.stop();
  }

  const coldStarts: ColdStart[] = [];
  for (let i = 1; ; i++) {
    const { server, readyMs } = await startHost(options.name, bundle, stateDir, options.vars);
    coldStarts.push({
      readyMs,
      firstCheckMs: await timedCheck(server.url, seeded.serviceToken, seeded.keys[i % seeded.keys.length] as string),
    });
    if (i >= options.coldStarts) {
      return { server, seed: seeded, bundle: { rawBytes: bundle.rawBytes, gzipBytes: bundle.gzipBytes }, coldStarts };
    }
    await server.stop();
  }
}

/**
 * A peer Worker (`entry`: the Worker floor, @upstash/ratelimit) in the same setup as Bouncer's Worker: its own workerd,
 * nothing in front.
 */
export async function startPeerWorker(options: {
  name: string;
  entry: string;
  dir: string;
  vars: Record<string, string>;
}): Promise<ServerProcess> {
  const bundle = bundlePeerWorker(options.entry, join(options.dir, `${options.entry.replace(/\W+/g, "-")}-bundle`));
  return (await startHost(options.name, bundle, options.dir, options.vars)).server;
}
