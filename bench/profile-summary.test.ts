import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profileClockUs, summarizeDir } from "./profile-summary";

// A process profiled as the bench profiles a server: busy in one function while it sets up, then in another
// while it is measured. It prints the clock between the two, read the way the bench reads it.
// Each spins in a loop of its own, so that its samples are its own self time (a shared helper would take them all),
// a count of turns rather than a time, so that a busy machine delays it but cannot starve it of samples.
const SCRIPT = `
function settingUp() { let x = 0; for (let i = 0; i < 3e7; i++) x += Math.sqrt(x + i); return x; }
function measured() { let x = 0; for (let i = 0; i < 3e7; i++) x += Math.sqrt(x + i); return x; }
settingUp();
console.log(String(process.hrtime.bigint() / 1000n));
measured();
`;

describe("a profile's summary", () => {
  const dir = mkdtempSync(join(tmpdir(), "profile-summary-"));
  let before = 0;
  let boundary = 0;
  let status: number | null = null;
  beforeAll(() => {
    before = profileClockUs();
    const run = spawnSync(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${dir}`, "-e", SCRIPT], {
      encoding: "utf8",
    });
    status = run.status;
    boundary = Number(run.stdout.trim());
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the clock another process stamps its samples with", () => {
    expect(status).toBe(0);
    expect(boundary).toBeGreaterThan(before);
    expect(boundary).toBeLessThan(profileClockUs());
  });

  it("counts the whole process without a window, and only the window's samples with one", () => {
    const whole = summarizeDir(dir, 50);
    expect(whole).toMatch(/settingUp/);
    expect(whole).toMatch(/measured/);
    const rounds = summarizeDir(dir, 50, { fromUs: boundary, toUs: profileClockUs() });
    expect(rounds).toMatch(/measured/);
    expect(rounds).not.toMatch(/settingUp/);
    const setUp = summarizeDir(dir, 50, { fromUs: before, toUs: boundary });
    expect(setUp).toMatch(/settingUp/);
    expect(setUp).not.toMatch(/measured/);
  });
});
