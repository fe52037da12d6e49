// Plans as code against the real service: a diff first, idempotent applies, the API's rules, and a round trip.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ServerProcess, startServer } from "../dev/server-process";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const ADMIN = "plans-cli-admin-token";
const dir = mkdtempSync(join(tmpdir(), "bouncer-plans-"));
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ DATABASE_URL: `file:${join(dir, "q.db")}`, ADMIN_TOKEN: ADMIN });
});
afterAll(() => server?.kill());

async function plans(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "api/cli/plans.ts", ...args], {
      cwd: root,
      env: { ...process.env, BOUNCER_URL: server.url, BOUNCER_TOKEN: ADMIN },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const listed = async () =>
  (
    (await (await fetch(`${server.url}/v1/plans`, { headers: { authorization: `Bearer ${ADMIN}` } })).json()) as {
      plans: { id: string; perHour: number | null; resources: Record<string, unknown>; version: number }[];
    }
  ).plans;

describe("npm run plans", () => {
  test("apply shows the diff, then applies it; applying again changes nothing", async () => {
    const path = file(
      "plans.yaml",
      `plans:
  - id: free
    name: Free
    perMinute: 10
    perDay: 1000
  - id: pro
    name: Pro
    burst: 20
    perMinute: 100
    perHour: 5000
    perDay: 50000
    failMode: closed
`,
    );
    const dry = await plans("apply", path, "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toContain(
      '+ plan free: name "Free", burst none, perMinute 10, perHour none, perDay 1000, perWeek none, perMonth none, concurrent none, failMode "open", shadow false',
    );
    expect(dry.out).toContain("+ plan pro:");
    expect(dry.out).toContain("2 change(s) not applied (--dry-run)");
    expect(await listed()).toEqual([]);

    const first = await plans("apply", path);
    expect(first.code).toBe(0);
    expect(first.out).toContain("applied 2 change(s)");
    expect((await listed()).map((p) => p.id)).toEqual(["free", "pro"]);

    const again = await plans("apply", path);
    expect(again.out).toContain("no changes");
    expect((await listed()).map((p) => p.version)).toEqual([1, 1]);

    const edited = file("edited.yaml", readFileSync(path, "utf8").replace("perHour: 5000", "perHour: 6000"));
    const change = await plans("apply", edited);
    expect(change.out).toContain("~ plan pro: perHour 5000 → 6000");
    expect(change.out).toContain("applied 1 change(s)");
    expect((await listed()).find((p) => p.id === "pro")).toMatchObject({ perHour: 6000, version: 2 });

    const pruned = await plans(
      "apply",
      file("only-pro.yaml", readFileSync(edited, "utf8").split("  - id: pro")[0]?.replace("free", "free") ?? ""),
      "--prune",
      "--dry-run",
    );
    expect(pruned.out).toContain("- plan pro");
  }, 60_000);

  test("a file that breaks the API's rules is refused as a whole, with every problem named", async () => {
    const before = await listed();
    const bad = await plans(
      "apply",
      file(
        "bad.yaml",
        `plans:
  - id: ok-plan
    name: Fine
    perDay: 10
  - id: Bad Id
    name: X
    perDay: 10
  - id: backwards
    name: Backwards
    perMinute: 100
    perHour: 50
`,
      ),
    );
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("nothing was changed");
    expect(bad.out).toContain("plan Bad Id: id:");
    expect(bad.out).toContain("plan backwards: perHour: perHour must be ≥ perMinute");
    expect(await listed()).toEqual(before);
  }, 60_000);

  test("a missing file or a mistyped option is one line and a non-zero exit, never a stack", async () => {
    const missing = await plans("apply", join(dir, "nowhere.yaml"));
    expect(missing.code).toBe(1);
    expect(missing.out.trim()).toBe(`cannot read ${join(dir, "nowhere.yaml")}: ENOENT`);
    const mistyped = await plans("apply", "x.yaml", "--dryrun");
    expect(mistyped.code).toBe(1);
    expect(mistyped.out).toMatch(/^Unknown option '--dryrun'/);
    expect(mistyped.out).not.toMatch(/\bat .*\.(ts|js):\d+/);
  }, 60_000);

  test("a change the service refuses mid-apply says how far it got; running again applies the rest", async () => {
    const admin = { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" };
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, { method: "POST", headers: admin, body: JSON.stringify(body) });
    await post("/v1/plans", { id: "mid-edit", name: "Mid", perMinute: 10, perHour: 100 });
    // A customer whose override the file's new perMinute would break: the service refuses that change (409).
    await post("/v1/customers", { id: "mid-customer", name: "Mid", planId: "mid-edit", overrides: { perHour: 50 } });
    const yaml = `plans:
  - id: mid-edit
    name: Mid
    perMinute: 60
    perHour: 100
  - id: mid-new
    name: New
    perDay: 5
`;
    const refused = await plans("apply", file("mid.yaml", yaml));
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/409 conflict/);
    expect(refused.out).toMatch(/\d of 2 change\(s\) applied before this one; run the command again to apply the rest/);
  }, 60_000);

  test("weekly and monthly limits and resources: each resource added, changed or removed on a line of its own", async () => {
    const metered = (resources: string) =>
      file(
        "metered.yaml",
        `plans:
  - id: metered
    name: Metered
    perMinute: 60
    perWeek: 10000
    perMonth: 30000
    failMode: closed
${resources}`,
      );
    const created = await plans(
      "apply",
      metered(`    resources:
      ai.generate:
        perMinute: 10
        perDay: 500
      export:
        perDay: 5
`),
    );
    expect(created.code).toBe(0);
    expect(created.out).toContain(
      '+ plan metered: name "Metered", burst none, perMinute 60, perHour none, perDay none, perWeek 10000, perMonth 30000, concurrent none, failMode "closed", shadow false\n' +
        "    + resource ai.generate: perMinute 10, perDay 500\n" +
        "    + resource export: perDay 5\n",
    );
    const stored = (await listed()).find((p) => p.id === "metered");
    expect(stored).toMatchObject({
      perWeek: 10000,
      perMonth: 30000,
      resources: { "ai.generate": { perMinute: 10, perDay: 500, perMonth: null }, export: { perDay: 5 } },
    });

    // The file leaves out the limits a resource does not set; the service lists them as null: no change.
    const changed = metered(`    resources:
      ai.generate:
        perMinute: 10
        perDay: 800
        perMonth: 12000
      search:
        perMinute: 100
`);
    expect((await plans("apply", changed, "--dry-run")).out).toContain(
      "~ plan metered\n" +
        "    ~ resource ai.generate: perDay 500 → 800, perMonth none → 12000\n" +
        "    + resource search: perMinute 100\n" +
        "    - resource export\n",
    );
    expect((await plans("apply", changed)).out).toContain("applied 1 change(s)");
    expect((await plans("apply", changed)).out).toContain("no changes");
    expect((await listed()).find((p) => p.id === "metered")).toMatchObject({
      version: 2,
      resources: { "ai.generate": { perDay: 800, perMonth: 12000 }, search: { perMinute: 100 } },
    });
    expect(Object.keys((await listed()).find((p) => p.id === "metered")?.resources ?? {})).toEqual([
      "ai.generate",
      "search",
    ]);

    const bad = await plans(
      "apply",
      metered(`    resources:
      ai.generate:
        perMinute: 10
        perHour: 5
`),
    );
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("resource ai.generate: perHour must be ≥ perMinute");
  }, 60_000);

  test("export writes a file that apply takes back with no changes", async () => {
    const exported = join(dir, "exported.yaml");
    expect((await plans("export", exported)).code).toBe(0);
    const text = readFileSync(exported, "utf8");
    expect(text).toContain("id: pro");
    expect(text).toContain("perMonth: 30000");
    // Resources hold only the limits they set, as one writes them by hand.
    expect(text).toContain("    resources:\n      ai.generate:\n        perMinute: 10\n        perDay: 800\n");
    expect((await plans("apply", exported)).out).toContain("no changes");
  }, 60_000);

  test("a local share goes in the file only when set, shows in the diff and comes back from export", async () => {
    const hot = (localShare: string) =>
      file("hot.yaml", `plans:\n  - id: hot\n    name: Hot\n    perMinute: 6000\n${localShare}`);
    const created = await plans("apply", hot(""));
    expect(created.out).toContain('+ plan hot: name "Hot", burst none, perMinute 6000');
    expect(created.out).not.toContain("localShare");

    const set = hot("    localShare: 100\n");
    expect((await plans("apply", set)).out).toContain("~ plan hot: localShare none → 100");
    expect((await plans("apply", set)).out).toContain("no changes");
    const exported = join(dir, "hot-exported.yaml");
    await plans("export", exported);
    expect(readFileSync(exported, "utf8")).toContain("  - id: hot\n    name: Hot\n    burst: null\n");
    expect(readFileSync(exported, "utf8")).toMatch(/- id: hot\n( {4}.*\n)* {4}localShare: 100\n/);
    expect(readFileSync(exported, "utf8").match(/localShare/g)).toHaveLength(1);
    expect((await plans("apply", exported)).out).toContain("no changes");

    expect((await plans("apply", hot("    localShare: 1\n"))).out).toContain(
      "plan hot: localShare: localShare must be from 2 to 10,000",
    );
    expect((await plans("apply", hot(""))).out).toContain("~ plan hot: localShare 100 → none");
  }, 60_000);
});
