// Starts the real server the way a user does, `npm start` in a folder of its own, and calls it over HTTP.
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, symlinkSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, test } from "vitest";

const root = resolve(import.meta.dirname, "../../..");
const children: ChildProcess[] = [];
// Each child leads a process group of its own, killed whole: `npm start` runs the server under npm and a shell, and
// the tsx binary runs it as a child of its own, so killing only the process spawned here would leave the server
// listening after the suite.
afterAll(() => {
  for (const child of children) {
    try {
      process.kill(-(child.pid as number), "SIGKILL");
    } catch {}
  }
});

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

/** A copy of the project as a fresh clone would have it, sharing this checkout's node_modules. */
function projectCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "bouncer-start-"));
  for (const entry of ["package.json", "tsconfig.json", "vite.config.ts", "api", "db", "web", "lua"]) {
    if (existsSync(join(root, entry))) {
      cpSync(join(root, entry), join(dir, entry), { recursive: true, filter: (src) => !src.includes("web/dist") });
    }
  }
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  return dir;
}

function start(cwd: string, command: string[], env: Record<string, string>) {
  const child = spawn(command[0] as string, command.slice(1), {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  return { child, exited, output: () => output };
}

async function waitFor(url: string, ms: number): Promise<Response> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

describe("npm start", () => {
  test("serves /healthz, the API and the built UI from one process, with the database in data/", async () => {
    const dir = projectCopy();
    const port = await freePort();
    const server = start(dir, ["npm", "start"], { PORT: String(port), ADMIN_TOKEN: "start-test-admin-token" });
    const health = await waitFor(`http://127.0.0.1:${port}/healthz`, 90_000);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });

    const plans = await fetch(`http://127.0.0.1:${port}/v1/plans`, {
      headers: { authorization: "Bearer start-test-admin-token" },
    });
    expect(await plans.json()).toEqual({ plans: [] });
    const page = await fetch(`http://127.0.0.1:${port}/usage`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    // An API path no route takes is a 404 in the error envelope, not the UI's page.
    for (const path of ["/v1/nope", "/v1/plans/", "/v1/check"]) {
      const missing = await fetch(`http://127.0.0.1:${port}${path}`, {
        headers: { authorization: "Bearer start-test-admin-token" },
      });
      expect(missing.status, path).toBe(404);
      expect((await missing.json()).error.code, path).toBe("not_found");
    }

    expect(existsSync(join(dir, "data", "quota.db"))).toBe(true);
    expect(server.output()).toContain("config store: file:data/quota.db");
    expect(server.output()).toContain("counter store: memory");
    // npm passes SIGTERM on to the server, which closes; nothing may be left listening.
    server.child.kill("SIGTERM");
    await server.exited;
    await new Promise((r) => setTimeout(r, 500));
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 120_000);

  test("with the reader of its output gone (EPIPE), SIGTERM still stops the server", async () => {
    // As `npm start` runs it: node --import tsx, its output into a pipe that a log shipper reads, and which closes.
    const dir = projectCopy();
    const port = await freePort();
    const server = start(dir, [process.execPath, "--import", "tsx", "api/src/entry/node.ts"], { PORT: String(port) });
    await waitFor(`http://127.0.0.1:${port}/healthz`, 60_000);
    server.child.stdout?.destroy();
    server.child.stderr?.destroy();
    // Its first line into the closed pipe is the one that says it is shutting down. Before, pino wrote it later and
    // flushed on exit, and that flush retried the failed write every 100 ms for ever: the process never exited.
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 60_000);

  test("a bad configuration value stops start-up with one line naming the variable", async () => {
    const dir = projectCopy();
    const tsx = join(root, "node_modules", ".bin", "tsx");
    const server = start(dir, [tsx, "api/src/entry/node.ts"], { STORE_TIMEOUT_MS: "soon" });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("STORE_TIMEOUT_MS");
  }, 60_000);

  test("an idle keep-alive connection stays open past Node's 5 s default, so a pooled client is not reset as it sends", async () => {
    // A client that pools connections (Playwright's request context, an Agent with keepAlive, a load balancer) sends
    // on a connection it believes open; a server that closes idle ones at 5 s resets the request that crosses it.
    const dir = projectCopy();
    const port = await freePort();
    const tsx = join(root, "node_modules", ".bin", "tsx");
    start(dir, [tsx, "api/src/entry/node.ts"], { PORT: String(port), ADMIN_TOKEN: "keep-alive-test-admin-token" });
    await waitFor(`http://127.0.0.1:${port}/healthz`, 30_000);
    const socket = connect(port, "127.0.0.1");
    let received = "";
    let ended = false;
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("end", () => {
      ended = true;
    });
    const answers = async (count: number) => {
      while ((received.match(/HTTP\/1\.1 200 /g) ?? []).length < count && !ended) await sleep(50);
      return (received.match(/HTTP\/1\.1 200 /g) ?? []).length;
    };
    const ask = () => socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    ask();
    expect(await answers(1)).toBe(1);
    await sleep(6_000);
    expect(ended).toBe(false);
    ask();
    expect(await answers(2)).toBe(2);
    socket.destroy();
  }, 60_000);

  test("a port already taken stops start-up with one line naming PORT", async () => {
    const dir = projectCopy();
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, "127.0.0.1", done));
    const port = (taken.address() as { port: number }).port;
    try {
      const tsx = join(root, "node_modules", ".bin", "tsx");
      const server = start(dir, [tsx, "api/src/entry/node.ts"], { PORT: String(port) });
      expect(await server.exited).toBe(1);
      const errors = server
        .output()
        .trim()
        .split("\n")
        .filter((line) => !line.startsWith('{"level":30'));
      expect(errors).toEqual([`PORT / HOST: cannot listen on 127.0.0.1:${port}: EADDRINUSE`]);
    } finally {
      taken.close();
    }
  }, 60_000);
});
