// The benchmark end to end in its quick mode: every system answers and is measured (never how fast it is).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { ROOT } from "./processes";
import type { Results } from "./report";
import { SYSTEMS } from "./systems";

const out = mkdtempSync(join(tmpdir(), "bouncer-bench-test-"));
let runner: ChildProcess | undefined;
afterAll(() => {
  // SIGTERM, not SIGKILL: the runner then stops every process it started.
  runner?.kill("SIGTERM");
  rmSync(out, { recursive: true, force: true });
});

function runQuick(): Promise<{ code: number | null; output: string }> {
  runner = spawn(process.execPath, ["--import", "tsx", "bench/run.ts", "--quick", "--out", out], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  runner.stdout?.on("data", (d) => {
    output += d;
  });
  runner.stderr?.on("data", (d) => {
    output += d;
  });
  return new Promise((done) => runner?.on("exit", (code) => done({ code, output })));
}

test("npm run bench -- --quick measures every system and writes the results", async () => {
  const { code, output } = await runQuick();
  expect(code, output).toBe(0);
  expect(output).toContain("Ratios of checks/s");

  const results = JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as Results;
  expect(results.systems.map((s) => s.id)).toEqual(SYSTEMS.map((s) => s.id));
  for (const system of results.systems) {
    expect(system.checksPerSec, system.id).toBeGreaterThan(0);
    expect(system.p50Ms, system.id).toBeGreaterThan(0);
    expect(system.p99Ms, system.id).toBeGreaterThanOrEqual(system.p50Ms);
    expect(system.peakRssMiB, system.id).toBeGreaterThan(0);
  }
  expect(results.ratios).toHaveLength(4);
  expect(results.denyWorkload.denied).toBeGreaterThan(0);
  // The Redis store at half of its own saturation, the latency target's measurement.
  expect(results.storeLatency.rate).toBeGreaterThan(0);
  expect(results.storeLatency.rounds.length).toBeGreaterThan(0);
  expect(results.storeLatency.p99Ms).toBeGreaterThanOrEqual(results.storeLatency.p50Ms);
  expect(output).toContain("at half its own saturation");
  expect(readFileSync(join(out, "results.svg"), "utf8")).toContain("<svg");
}, 90_000);
