// Real redis-server processes on free ports, for tests, the benchmark and local development: one, or a Cluster.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export type RedisServer = {
  port: number;
  /** A Cluster node's bus port (`cluster` in startRedis). */
  busPort?: number;
  url: string;
  /** Freezes the process (SIGSTOP): connections stay open and nothing answers. */
  pause(): void;
  /** Thaws a paused process (SIGCONT). */
  resume(): void;
  /** Kills the process at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty; a process still running is killed first, as a crash would. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

// A timeout, since a port that another process holds accepts redis-cli's connection and may never answer it.
const cli = (port: number, ...args: string[]) => run("redis-cli", ["-p", String(port), ...args], { timeout: 2_000 });

type Ports = { port: number; busPort?: number };

/** Thrown when redis-server exits before it answers: most often a port another process took first. */
class ExitedAtStart extends Error {}

async function waitForPing(port: number, child: ChildProcess, logfile: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const log = existsSync(logfile) ? readFileSync(logfile, "utf8").trim().split("\n").slice(-3).join("\n") : "";
      throw new ExitedAtStart(`redis-server on port ${port} exited at start:\n${log}`);
    }
    try {
      const { stdout } = await cli(port, "PING");
      if (stdout.trim() === "PONG") return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts one redis-server with no persistence on a free port (or `port`), in a folder of its own. `cluster` makes
 * it a Cluster node whose bus port is picked free too: by default the bus listens at port + 10000, which may be
 * another process's port. A port picked here can still be taken before redis-server binds it (every test picks
 * from the same range), so a server that exits at start is started again on new ports; a `port` given is not.
 */
export async function startRedis(
  options: { port?: number; args?: string[]; cluster?: boolean; pickPort?: () => Promise<number> } = {},
): Promise<RedisServer> {
  const pickPort = options.pickPort ?? freePort;
  const pick = async (): Promise<Ports> => ({
    port: options.port ?? (await pickPort()),
    busPort: options.cluster ? await pickPort() : undefined,
  });
  const dir = mkdtempSync(join(tmpdir(), "bouncer-redis-"));
  const logfile = join(dir, "redis.log");
  let child: ChildProcess;
  const launch = async ({ port, busPort }: Ports) => {
    rmSync(logfile, { force: true });
    const cluster = busPort === undefined ? [] : ["--cluster-enabled", "yes", "--cluster-port", String(busPort)];
    child = spawn(
      "redis-server",
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        dir,
        "--logfile",
        logfile,
        ...cluster,
        ...(options.args ?? []),
      ],
      { stdio: "ignore" },
    );
    await waitForPing(port, child, logfile);
  };
  let ports = await pick();
  for (let attempt = 1; ; attempt++) {
    try {
      await launch(ports);
      break;
    } catch (error) {
      if (!(error instanceof ExitedAtStart) || options.port !== undefined || attempt === 5) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
      ports = await pick();
    }
  }
  const exited = () =>
    new Promise<void>((r) =>
      child.exitCode !== null || child.signalCode !== null ? r() : child.once("exit", () => r()),
    );
  const server: RedisServer = {
    port: ports.port,
    ...(ports.busPort === undefined ? {} : { busPort: ports.busPort }),
    url: `redis://127.0.0.1:${ports.port}`,
    pause: () => child.kill("SIGSTOP"),
    resume: () => child.kill("SIGCONT"),
    async kill() {
      child.kill("SIGKILL");
      await exited();
    },
    // A second process could not bind the port, and the first, left running, would answer in its place.
    async restart() {
      await server.kill();
      await launch(ports);
    },
    async stop() {
      child.kill("SIGCONT");
      child.kill("SIGKILL");
      await exited();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

export type RedisCluster = { nodes: RedisServer[]; seeds: string[]; stop(): Promise<void> };

/**
 * Starts `size` masters, and `replicas` replicas of each, and joins them into a Redis Cluster with `redis-cli --cluster
 * create`; `args` go to every node. Which nodes became masters, the Cluster says (CLUSTER NODES).
 */
export async function startCluster(
  size = 3,
  { replicas = 0, args = [] }: { replicas?: number; args?: string[] } = {},
): Promise<RedisCluster> {
  const nodes: RedisServer[] = [];
  for (let i = 0; i < size * (1 + replicas); i++) {
    nodes.push(await startRedis({ cluster: true, args: ["--cluster-node-timeout", "2000", ...args] }));
  }
  const seeds = nodes.map((n) => `127.0.0.1:${n.port}`);
  // One node takes every slot itself (redis-cli --cluster create wants three): a Cluster as a client that knows
  // one address sees one behind a proxy or ElastiCache Serverless, where a script's keys must share a slot.
  if (size === 1) await cli(nodes[0]?.port as number, "CLUSTER", "ADDSLOTSRANGE", "0", "16383");
  else
    await run("redis-cli", ["--cluster", "create", ...seeds, "--cluster-replicas", String(replicas), "--cluster-yes"]);
  const deadline = Date.now() + 20_000;
  for (const node of nodes) {
    for (;;) {
      const { stdout } = await cli(node.port, "CLUSTER", "INFO");
      // A replica takes over only once it has its master's data.
      const replica = replicas > 0 ? (await cli(node.port, "INFO", "replication")).stdout : "";
      if (
        stdout.includes("cluster_state:ok") &&
        (!replica.includes("role:slave") || replica.includes("link_status:up"))
      )
        break;
      if (Date.now() > deadline) throw new Error("the cluster did not become ready");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { nodes, seeds, stop: async () => void (await Promise.all(nodes.map((n) => n.stop()))) };
}
