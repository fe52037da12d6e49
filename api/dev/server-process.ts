// Test tooling: the real service as a process of its own, as an operator runs it, with its output captured.
import { type ChildProcess, type ChildProcessByStdio, spawn } from "node:child_process";
import { resolve } from "node:path";
import type { Readable } from "node:stream";
import { freePort } from "./redis-server";

const root = resolve(import.meta.dirname, "../..");

export type ServerProcess = {
  url: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when a signal ended it) once the process has exited. */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
};

/**
 * Starts `api/src/entry/node.ts` with `env` and waits for /healthz; `skewMs` puts its wall clock that far off, and
 * `preload` names more modules to --import first (after tsx). A free port is free only until someone takes it (every
 * test picks from the same range), so a server that could not listen (EADDRINUSE) is started again on another.
 */
export async function startServer(
  env: Record<string, string>,
  options: { skewMs?: number; pickPort?: () => Promise<number>; preload?: string[] } = {},
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await (options.pickPort ?? freePort)();
    const skew = options.skewMs ? ["--import", "./api/dev/skew-clock.ts"] : [];
    const preload = (options.preload ?? []).flatMap((module) => ["--import", module]);
    const child = spawn(process.execPath, ["--import", "tsx", ...skew, ...preload, "api/src/entry/node.ts"], {
      cwd: root,
      env: { ...process.env, PORT: String(port), CLOCK_SKEW_MS: String(options.skewMs ?? 0), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const server = watchProcess(child, `http://127.0.0.1:${port}`, (signal) => child.kill(signal));
    try {
      await untilHealthy(server, child, 60_000);
      return server;
    } catch (error) {
      if (attempt === 3 || !server.output().includes("EADDRINUSE")) throw error;
    }
  }
}

/** A spawned service as a ServerProcess: its output captured, `signal` sent by `kill` while it runs. */
export function watchProcess(
  child: ChildProcessByStdio<null, Readable, Readable>,
  url: string,
  signal: (signal: NodeJS.Signals) => void,
): ServerProcess {
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  return {
    url,
    pid: child.pid as number,
    output: () => output,
    exited,
    async kill(sent = "SIGKILL") {
      if (child.exitCode === null && child.signalCode === null) signal(sent);
      await exited;
    },
  };
}

/** Waits for /healthz to answer 200; a process that exits or takes longer than `ms` is killed and reported. */
export async function untilHealthy(server: ServerProcess, child: ChildProcess, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      // A timeout, since a port that another process holds may accept the connection and never answer.
      if ((await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {}
    if (child.exitCode !== null || Date.now() > deadline) {
      await server.kill();
      throw new Error(`the server did not start:\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One JSON request to a server process with `token` as its bearer, as an admin or a backend service sends it. */
export async function callServer(server: ServerProcess, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies by the contract's field names.
  return { status: res.status, json: (text ? JSON.parse(text) : undefined) as any };
}
