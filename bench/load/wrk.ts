// Saturation with wrk when it is installed (apt-get install wrk): C and epoll, so on two cores the load process
// takes less of the CPU the servers under test need. autocannon parses each answer in JavaScript (http-parser-js)
// and spent 20-33 µs of CPU per check here, more than most servers it measured, and more for longer answers.
import { type ChildProcess, execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SaturateJob, SaturateResult } from "./jobs";

export const wrkInstalled = (): boolean => spawnSync("wrk", ["--version"]).error === undefined;

const running = new Set<ChildProcess>();

/** Kills every wrk still running: a load process that leaves must not leave one behind for the rest of its -d. */
export function killWrk(): void {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

/** A Lua long string, which needs no escaping as long as its level of `=` does not occur inside. */
const lua = (s: string) => `[==[${s}]==]`;

/** Every request written once in init(); request() hands them out in turn, over all connections of the thread. */
export function wrkScript(job: Pick<SaturateJob, "path" | "headers" | "bodies">): string {
  const headers = Object.entries(job.headers)
    // A space inside the brackets: "[[" would open a long string.
    .map(([name, value]) => `[ ${lua(name)} ] = ${lua(value)}`)
    .join(", ");
  return [
    `local bodies = { ${job.bodies.map(lua).join(", ")} }`,
    "local requests, n = {}, 0",
    "function init(args)",
    `  for i, body in ipairs(bodies) do requests[i] = wrk.format("POST", ${lua(job.path)}, { ${headers} }, body) end`,
    "end",
    "function request()",
    "  n = n % #requests + 1",
    "  return requests[n]",
    "end",
    "",
  ].join("\n");
}

const UNIT_SECONDS: Record<string, number> = { us: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/**
 * What wrk printed: answers, over how long, how many were not 2xx or 3xx, and socket errors; with --latency, the 99th
 * percentile too.
 */
export function parseWrk(output: string): {
  responses: number;
  seconds: number;
  non2xx: number;
  errors: number;
  p99Ms?: number;
} {
  const done = output.match(/(\d+) requests in ([\d.]+)(us|ms|s|m|h),/);
  if (!done) throw new Error(`wrk printed no total:\n${output}`);
  const socket = output.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const p99 = output.match(/^\s*99%\s+([\d.]+)(us|ms|s|m|h)\s*$/m);
  return {
    responses: Number(done[1]),
    seconds: Number(done[2]) * (UNIT_SECONDS[done[3] as string] ?? Number.NaN),
    non2xx: Number(output.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    ...(p99 ? { p99Ms: Number(p99[1]) * (UNIT_SECONDS[p99[2] as string] ?? Number.NaN) * 1000 } : {}),
  };
}

/**
 * One thread: wrk then takes at most one of the two cores, as autocannon did. wrk counts answers by class only,
 * so every 2xx answer is reported as 200 (a check answers 200 when allowed) and the rest as "non-2xx".
 */
export async function saturateWithWrk(job: SaturateJob): Promise<SaturateResult> {
  if (!job.seconds) throw new Error("wrk runs for a time, not for a number of requests");
  const dir = mkdtempSync(join(tmpdir(), "bouncer-wrk-"));
  try {
    const script = join(dir, "checks.lua");
    writeFileSync(script, job.script ?? wrkScript(job));
    // wrk takes whole seconds.
    const seconds = Math.max(1, Math.round(job.seconds));
    const args = [
      "-t1",
      `-c${job.connections}`,
      `-d${seconds}s`,
      "--timeout",
      "10s",
      ...(job.latency ? ["--latency"] : []),
      "-s",
      script,
      job.url + job.path,
    ];
    const output = await new Promise<string>((resolve, reject) => {
      const child = execFile("wrk", args, { maxBuffer: 16 * 2 ** 20 }, (error, stdout, stderr) =>
        // A script wrk cannot run is reported on stderr, and wrk then sends plain GETs: never a measurement.
        error || stderr.trim() ? reject(new Error(`wrk failed: ${error ?? ""}\n${stderr}`)) : resolve(stdout),
      );
      running.add(child);
      child.once("exit", () => running.delete(child));
      const { doneLine } = job;
      if (doneLine) {
        let printed = "";
        child.stdout?.on("data", (chunk: Buffer) => {
          printed = (printed + chunk.toString()).slice(-2 * doneLine.length - 2);
          if (printed.includes(`${doneLine}\n`)) child.kill("SIGINT");
        });
      }
    });
    const { responses, seconds: took, non2xx, errors, p99Ms } = parseWrk(output);
    const statusCodes: Record<string, number> = { "200": responses - non2xx };
    if (non2xx > 0) statusCodes["non-2xx"] = non2xx;
    return { responses, seconds: took, statusCodes, errors, ...(p99Ms === undefined ? {} : { p99Ms }) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
