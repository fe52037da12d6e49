// The server processes a run starts: spawned with tsx, awaited until ready, measured from /proc, and always stopped.
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { freePort } from "../api/dev/redis-server";

export const ROOT = resolve(import.meta.dirname, "..");

export type ServerProcess = {
  name: string;
  url: string;
  pid: number;
  /** The processes that serve its checks, whose CPU and memory count as the server's: the Node process, or workerd. */
  serverPids(): number[];
  /** The last lines the process printed, for error messages. */
  output(): string;
  /** Throws, with the process's last words, when it is no longer running. */
  assertRunning(): void;
  stop(): Promise<void>;
};

const running = new Set<ChildProcess>();

/** Puts a child on the list `killAll` stops. */
export function track(child: ChildProcess): void {
  running.add(child);
  child.once("exit", () => running.delete(child));
}

const grandchildren = new Set<number>();

/** Kills a process by id if it still runs. */
function killPid(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {}
}

/**
 * Puts a process a child started (workerd under miniflare) on the list `killAll` stops: a child killed outright
 * leaves its own children running. Returns what kills it now and takes it off the list.
 */
export function trackGrandchild(pid: number): () => void {
  grandchildren.add(pid);
  return () => {
    grandchildren.delete(pid);
    killPid(pid);
  };
}

/** Kills every process still running, at once; safe to call from an `exit` handler. */
export function killAll(): void {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
  for (const pid of grandchildren) killPid(pid);
  grandchildren.clear();
}

const cleanups = new Set<() => Promise<void>>();

/** Registers what must be undone however the run ends (Redis, the endpoint, connections). */
export function onCleanUp(undo: () => Promise<void>): void {
  cleanups.add(undo);
}

/** Undoes everything registered, then kills whatever process is still left; idempotent. */
export async function cleanUp(): Promise<void> {
  const undo = [...cleanups];
  cleanups.clear();
  await Promise.allSettled(undo.map((u) => u()));
  killAll();
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) =>
    child.exitCode !== null || child.signalCode !== null ? done() : child.once("exit", () => done()),
  );
}

async function waitReady(url: string, child: ChildProcess, output: () => string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}:\n${output()}`);
    try {
      // Bounded: whatever else holds the port may accept the connection and never answer.
      if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} was not ready within ${ms} ms:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A process the run spawned and owns: tracked, its last words kept, and stopped with SIGTERM (SIGKILL if stuck). */
export function spawnOwned(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  track(child);
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return {
    child,
    output: () => tail,
    assertRunning(name: string) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}):\n${tail}`);
      }
    },
    async stop() {
      // SIGTERM lets the server close and write what it must (a CPU profile); a stuck one is killed.
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}

/**
 * Starts `node --import tsx <script>` from the repository root with `env`, listening on a free port (PORT), and
 * waits for /readyz. A free port is free only until someone takes it: another test's process may take it between
 * the check and the listen, so a server that could not listen (EADDRINUSE) is started again on another.
 */
export async function startServer(options: {
  name: string;
  script: string;
  env: Record<string, string>;
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const owned = spawnOwned([...(options.nodeArgs ?? []), "--import", "tsx", options.script], {
      ...options.env,
      PORT: String(port),
    });
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitReady(url, owned.child, owned.output);
    } catch (error) {
      if (attempt < 3 && owned.output().includes("EADDRINUSE")) continue;
      throw error;
    }
    const pid = owned.child.pid as number;
    return {
      name: options.name,
      url,
      pid,
      serverPids: () => [pid],
      output: owned.output,
      assertRunning: () => owned.assertRunning(options.name),
      stop: owned.stop,
    };
  }
}

function procStatus(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? Number.NaN);
}

/** A process's resident set now (VmRSS), in bytes. */
export const rssBytes = (pid: number) => procStatus(pid, "VmRSS") * 1024;

/** The processes' peak resident sets (VmHWM) in MiB, added up. */
export const peakRssMiB = (pids: number[]) => pids.reduce((sum, pid) => sum + procStatus(pid, "VmHWM") / 1024, 0);

/** CPU time (user + system) the processes have used, in ms. */
export const cpuMs = (pids: number[]) => pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);

function processCpuMs(pid: number): number {
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The running children of `pid` whose command name is `name` (from /proc), as workerd under miniflare. */
export function childrenNamed(pid: number, name: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === pid && command === name) found.push(Number(entry));
    } catch {}
  }
  return found;
}
