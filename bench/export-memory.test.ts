// The export's constant memory at a size the suite affords: bench/export-memory.ts on 1,000 and 10,000 customers
// (31,000 and 310,000 rows) must keep no more alive at the larger (the full run, npm run bench:export, goes to 100,000).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { ROOT } from "./processes";

test("GET /v1/usage/export keeps as much alive for 310,000 rows as for 31,000", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "bench/export-memory.ts", "1000,10000"],
    { cwd: ROOT, timeout: 170_000 },
  );
  expect(stdout).toContain("1000 customers: 31000 rows");
  expect(stdout).toContain("10000 customers: 310000 rows");
  expect(stdout, stdout).toMatch(/MB more kept alive: constant/);
}, 180_000);
