// A config store the server cannot write (open-config-store.ts) stops start-up with one line naming DATABASE_URL and the reason, as a bad
// environment value does, rather than with the driver's stack.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

const nobodyReads = (dir: string) =>
  spawnSync(process.execPath, ["-e", `require("fs").accessSync(${JSON.stringify(join(dir, "node_modules/tsx"))})`], {
    uid: NOBODY,
    gid: NOBODY,
  }).status === 0;

/**
 * Where nobody starts the server from: the checkout, when nobody may read it; else, as for a clone in a private home
 * (mode 0700), a copy of what the server runs made of hard links outside it (instant, no bytes copied); the reason
 * to skip when neither can be had.
 */
function serverRoot(): { dir: string } | { skip: string } {
  if (!asRoot || nobodyReads(root)) return { dir: root };
  const dir = mkdtempSync(join(tmpdir(), "bouncer-as-nobody-"));
  chmodSync(dir, 0o755);
  try {
    for (const part of ["package.json", "tsconfig.json", "api", "db", "lua", "node_modules"])
      execFileSync("cp", ["-al", join(root, part), dir]);
  } catch (error) {
    return { skip: `nobody cannot read ${root}, and no hard-linked copy can be made in ${tmpdir()}: ${error}` };
  }
  return nobodyReads(dir) ? { dir } : { skip: `nobody cannot read ${root}'s files, not even through hard links` };
}
const nobodyRoot = serverRoot();
if ("skip" in nobodyRoot)
  console.warn(`open-config-store.test: the tests that need user nobody are skipped: ${nobodyRoot.skip}`);
/** The tests that need a user other than root to meet a file it may not write. */
const testAsNobody = test.skipIf("skip" in nobodyRoot);
// A server that started after all, in a test that then timed out, must not outlive the run.
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  // Only the links go: the checkout's files keep their other names.
  if ("dir" in nobodyRoot && nobodyRoot.dir !== root) rmSync(nobodyRoot.dir, { recursive: true, force: true });
});

/** A folder the server's user may read but not write. */
function readOnlyDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "bouncer-readonly-"));
  chmodSync(dir, 0o755);
  return dir;
}

/** Starts the server on `databaseUrl`: as nobody when root runs the tests and the test asks for it. */
async function start(
  databaseUrl: string,
  { asNobody = false } = {},
): Promise<{ code: number | null; lines: string[] }> {
  const asOther = asRoot && asNobody && "dir" in nobodyRoot;
  const child = spawn(process.execPath, ["--import", "tsx", "api/src/entry/node.ts"], {
    cwd: asOther ? nobodyRoot.dir : root,
    env: { ...process.env, PORT: String(await freePort()), DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
    ...(asOther ? { uid: NOBODY, gid: NOBODY } : {}),
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
  testAsNobody("a read-only database file: one line naming DATABASE_URL and SQLITE_READONLY, exit 1", async () => {
    const dir = readOnlyDir();
    const url = `file:${join(dir, "quota.db")}`;
    const { db, client } = await createDb({ url });
    await migrateDb(db);
    client.close();
    chmodSync(join(dir, "quota.db"), 0o444);
    if (!asRoot) chmodSync(dir, 0o555);

    const { code, lines } = await start(url, { asNobody: true });
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

  testAsNobody("a folder its user may not make: one line with the reason", async () => {
    const dir = readOnlyDir();
    if (!asRoot) chmodSync(dir, 0o555);
    const url = `file:${join(dir, "data", "quota.db")}`;
    const { code, lines } = await start(url, { asNobody: true });
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
