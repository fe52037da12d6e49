// Where a CPU profile (node --cpu-prof) spends its time: top functions by self time, and self time by area.
// --cpu-prof profiles the whole process, set-up included (seeding the bench's customers writes thousands of rows
// to SQLite), so a summary can be held to a window of time: the bench passes the saturation rounds'.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

/**
 * A stretch of time in µs of the system's monotonic clock, the one V8 stamps samples with:
 * `process.hrtime.bigint() / 1000n` in any process of the machine reads the same clock.
 */
export type ProfileWindow = { fromUs: number; toUs: number };

/** Now on the clock profiles are stamped with. */
export const profileClockUs = (): number => Number(process.hrtime.bigint() / 1000n);

export type SelfTime = { name: string; ms: number; share: number };

/** Which part of the stack a function belongs to: a package, Node itself, the service's own code, or V8. */
function areaOf(url: string, name: string): string {
  if (!url) return name.startsWith("(") ? name : "(native)";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith("node:")) return "node: internals";
  const own = url.match(/\/(api|db|bench)\/(.*)$/);
  return own ? `${own[1]}/` : url;
}

function shortUrl(url: string): string {
  return url.replace(/^file:\/\/.*?\/(node_modules|api|db|bench)\//, "$1/");
}

export function summarizeProfile(
  profile: CpuProfile,
  top = 15,
  window?: ProfileWindow,
): { functions: SelfTime[]; areas: SelfTime[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fn = new Map<string, number>();
  const area = new Map<string, number>();
  let total = 0;
  // Each sample is stamped by the deltas before it, from the profile's start.
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (window && (at < window.fromUs || at > window.toUs)) return;
    // Shares are of the time the process was busy: waiting for work is not where microseconds go.
    if (!node || node.callFrame.functionName === "(idle)") return;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || "(anonymous)"}${url ? ` ${shortUrl(url)}:${lineNumber + 1}` : ""}`;
    fn.set(name, (fn.get(name) ?? 0) + us);
    const a = areaOf(url, functionName);
    area.set(a, (area.get(a) ?? 0) + us);
    total += us;
  });
  const rank = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: us / total }));
  return { functions: rank(fn), areas: rank(area) };
}

export function formatSummary({ functions, areas }: ReturnType<typeof summarizeProfile>): string {
  const row = (s: SelfTime) =>
    `${(s.share * 100).toFixed(1).padStart(5)}%  ${s.ms.toFixed(0).padStart(7)} ms  ${s.name}`;
  return ["Top functions by self time:", ...functions.map(row), "", "Self time by area:", ...areas.map(row)].join("\n");
}

/** The summary of every .cpuprofile in `dir` (one per process or thread that was profiled), within `window`. */
export function summarizeDir(dir: string, top = 15, window?: ProfileWindow): string {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => {
      const profile: CpuProfile = JSON.parse(readFileSync(join(dir, f), "utf8"));
      return `${join(dir, f)}\n${formatSummary(summarizeProfile(profile, top, window))}`;
    })
    .join("\n\n");
}

// `node --import tsx bench/profile-summary.ts <dir or file.cpuprofile> [top]`
if (import.meta.url === `file://${process.argv[1]}`) {
  const [target, top] = process.argv.slice(2);
  if (!target) throw new Error("usage: profile-summary.ts <dir or file.cpuprofile> [top]");
  const n = Number(top ?? 15);
  console.log(
    target.endsWith(".cpuprofile")
      ? formatSummary(summarizeProfile(JSON.parse(readFileSync(target, "utf8")), n))
      : summarizeDir(target, n),
  );
}
