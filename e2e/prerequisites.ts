// Before the suite runs: say in one line what the machine lacks, instead of failing deep inside a test.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { wrkInstalled } from "../bench/load/wrk";

const missing: string[] = [];
try {
  execFileSync("redis-server", ["--version"], { stdio: "ignore" });
} catch {
  missing.push("redis-server");
}
if (!existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) missing.push("chromium");
if (missing.length > 0) {
  console.error(`npm test needs ${missing.join(", ")}: apt-get install -y ${missing.join(" ")}`);
  process.exit(1);
}
// The benchmark saturates with wrk when it has it, else with autocannon; only the tests of wrk itself and the scale
// scenario, which runs wrk's scripts, need it, and are skipped without it (.ci/run installs it).
if (!wrkInstalled())
  console.log("wrk is not installed: its tests and the scale scenario's are skipped (apt-get install -y wrk)");
