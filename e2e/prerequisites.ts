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
// The benchmark drives its saturation rounds with wrk; its smoke test and bench/load/wrk.test.ts run it.
if (!wrkInstalled()) missing.push("wrk");

if (missing.length > 0) {
  console.error(`npm test needs ${missing.join(", ")}: apt-get install -y ${missing.join(" ")}`);
  process.exit(1);
}
