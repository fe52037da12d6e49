// The scale scenario (contract section 9a, issue 27): how checks, memory and the admin's reads grow from a thousand
// customers to a million, each size on a server, a redis-server and a config store of its own, all running at once
// so that their rounds take turns.
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import type { LoadClient } from "../load/client";
import type { Options } from "../options";
import { ROOT } from "../processes";
import { type ScaleResults, scaleResults } from "./results";
import { measureSizes, type PreparedSize, prepareSize, SCALE_CONNECTIONS } from "./size";

/** The commit under measurement and how many files of the service differ from it, or null outside a checkout. */
function codeMeasured(): ScaleResults["code"] {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
    const changed = git("status", "--porcelain", "--", "api", "db", "lua");
    return { commit: git("rev-parse", "HEAD"), changedFiles: changed ? changed.split("\n").length : 0 };
  } catch {
    return null;
  }
}

export async function runScale(
  load: LoadClient,
  options: Options,
  log: (message: string) => void,
): Promise<ScaleResults> {
  if (options.loadTool !== "wrk") throw new Error("the scale scenario needs wrk (apt-get install -y wrk)");
  const started = performance.now();
  const loadAverageAtStart = loadavg()[0] ?? 0;
  const code = codeMeasured();
  // Every size made ready first, and left running, so that their rounds can take turns.
  const prepared: PreparedSize[] = [];
  try {
    for (const customers of options.scaleSizes) prepared.push(await prepareSize(customers, load, options, log));
  } catch (error) {
    for (const { run } of prepared) await run.deployment.close();
    throw error;
  }
  const sizes = await measureSizes(prepared);
  return scaleResults(sizes, options, {
    code,
    connections: SCALE_CONNECTIONS,
    loadAverage: { start: loadAverageAtStart, end: loadavg()[0] ?? 0 },
    seconds: (performance.now() - started) / 1000,
  });
}
