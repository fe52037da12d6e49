// A config store the server cannot write (open-config-store.ts) stops start-up with one line naming DATABASE_URL and the reason, as a bad
// environment value does, rather than with the driver's stack.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { createDb } from "../../../db/client";
import { migrateDb } from "../../../db/migrate";
import { freePort } from "../../dev/redis-server";

const root = resolve(import.meta.dirname, "../../..");
// Root writes through any file mode, so as root the server runs as nobody, as a service account would.
const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;
// A server that started after all, in a test that then timed out, must not outlive the run.
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
});

/** A folder the server's user may read but not write. */
function readOnlyDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "bouncer-readonly-"));
  chmodSync(dir, 0o755);
  return dir;
}

async function start(databaseUrl: string): Promise<{ code: number | null; lines: string[] }> {
  const child = spawn(process.execPath, ["--import", "tsx", "api/src/entry/node.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(await freePort()), DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  children.push(child);
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
    // Started after all: what it said so far is the answer, and the test fails on it.
    if (output.includes("listening on")) child.kill("SIGKILL");
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  const code = await new Promise<number | null>((done) => child.once("exit", done));
  return { code, lines: output.trim().split("\n") };
}

describe("a config store that cannot be written", { timeout: 60_000 }, () => {
  test("a read-only database file: one line naming DATABASE_URL and SQLITE_READONLY, exit 1", async () => {
    const dir = readOnlyDir();
    const url = `file:${join(dir, "quota.db")}`;
    const { db, client } = await createDb({ url });
    await migrateDb(db);
    client.close();
    chmodSync(join(dir, "quota.db"), 0o444);
    if (!asRoot) chmodSync(dir, 0o555);

    const { code, lines } = await start(url);
    expect(code).toBe(1);
    expect(lines).toEqual([
      `DATABASE_URL ${url} cannot be opened for writing: SQLITE_READONLY: attempt to write a readonly database`,
    ]);
  });

  test("a folder that cannot be made: one line with the reason", async () => {
    const dir = readOnlyDir();
    writeFileSync(join(dir, "a-file"), "");
    const url = `file:${join(dir, "a-file", "data", "quota.db")}`;
    const { code, lines } = await start(url);
    expect(code).toBe(1);
    expect(lines).toEqual([
      `DATABASE_URL ${url} cannot be opened for writing: ENOTDIR: not a directory, mkdir '${join(dir, "a-file", "data")}'`,
    ]);
  });

  test("a folder its user may not make: one line with the reason", async () => {
    const dir = readOnlyDir();
    if (!asRoot) chmodSync(dir, 0o555);
    const url = `file:${join(dir, "data", "quota.db")}`;
    const { code, lines } = await start(url);
    expect(code).toBe(1);
    expect(lines).toEqual([
      `DATABASE_URL ${url} cannot be opened for writing: EACCES: permission denied, mkdir '${join(dir, "data")}'`,
    ]);
  });

  test("a path that is a directory: one line saying so", async () => {
    const dir = readOnlyDir();
    mkdirSync(join(dir, "quota.db"));
    const url = `file:${join(dir, "quota.db")}`;
    const { code, lines } = await start(url);
    expect(code).toBe(1);
    expect(lines).toEqual([
      `DATABASE_URL ${url} cannot be opened for writing: ${join(dir, "quota.db")} is a directory`,
    ]);
  });
});
