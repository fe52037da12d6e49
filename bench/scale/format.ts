// The console report of the scale scenario: one table of every figure by size, with ratios to the smallest; the
// targets, met or not; how long each phase took; and anything that makes a figure suspect.
import { GIVE_UP_MS, statuses } from "./admin-traffic";
import type { ScaleResults } from "./results";
import { MODES } from "./rounds";

const thousands = (n: number) => Math.round(n).toLocaleString("en-US");

/** Enough digits to read: 18,204 / 912 / 3.45 / 0.612. */
export function shown(n: number): string {
  if (!Number.isFinite(n)) return "–";
  const abs = Math.abs(n);
  if (abs >= 100) return thousands(n);
  if (abs >= 10) return n.toFixed(1);
  if (abs >= 1) return n.toFixed(2);
  return n.toFixed(3);
}

const ratio = (r: number) => (Number.isFinite(r) ? `${r.toFixed(2)}×` : "–");

function table(rows: string[][]): string[] {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  return [line(rows[0] ?? []), widths.map((w) => "─".repeat(w)).join("  "), ...rows.slice(1).map(line)];
}

export function formatScale(s: ScaleResults): string {
  const sizes = s.sizes.map((z) => z.customers);
  const header = ["figure", ...sizes.flatMap((n, i) => (i === 0 ? [thousands(n)] : [thousands(n), "ratio"]))];
  const rows = s.figures.map((f) => [
    f.label,
    ...f.values.flatMap((v, i) => {
      const value = `${f.atLeast[i] ? "≥ " : ""}${shown(v)}`;
      return i === 0 ? [value] : [value, ratio(f.ratios[i] ?? Number.NaN)];
    }),
  ]);
  const targetRows = s.targets.map((t) => [
    `${t.text}, ${thousands(t.customers)}`,
    shown(t.value),
    `${t.atMost ? "≤" : "≥"} ${t.target}`,
    t.met ? "met" : "NOT MET",
  ]);
  const phases = s.sizes.map(
    (z) =>
      `  ${thousands(z.customers).padStart(9)}: set-up ${z.phaseSeconds.setUp.toFixed(0)} s (seeding ${z.seed.seconds.toFixed(1)} s, ${Math.round(z.seed.databaseBytes / 2 ** 20)} MiB), warm pass ${z.phaseSeconds.warm.toFixed(0)} s, rounds ${z.phaseSeconds.rounds.toFixed(0)} s, timed reads ${z.phaseSeconds.timings.toFixed(0)} s; ${z.phaseSeconds.total.toFixed(0)} s in all`,
  );
  const warnings = s.sizes.flatMap((z) => {
    const at = `${thousands(z.customers)} customers`;
    const out: string[] = [];
    const unexpected = MODES.flatMap((m) => z.modes[m].rounds).filter((r) => Object.keys(r.unexpected).length > 0);
    if (Object.keys(z.warm.unexpected).length > 0 || unexpected.length > 0)
      out.push(`  WARNING (${at}): checks answered other than 200, or socket errors; see results.json`);
    const admin = [
      ...MODES.flatMap((m) => z.modes[m].rounds.flatMap((r) => r.admin)),
      ...z.timings.customerSearch.samples,
      ...z.timings.usage.samples,
    ];
    const failed = admin.filter((a) => a.status < 200 || a.status > 299);
    if (failed.length > 0)
      out.push(
        `  NOTE (${at}): admin requests answered ${statuses(failed)} ("none": given up on after ${GIVE_UP_MS / 1000} s, or the server failed; ≥ in the table); see results.json`,
      );
    if (z.modes.live.skippedRounds > 0)
      out.push(
        `  NOTE (${at}): a Live refresh outlasted a round, so ${z.modes.live.skippedRounds} more round(s) with it open were not run`,
      );
    if (z.warm.keys < z.warm.wanted)
      out.push(
        `  NOTE (${at}): the warm pass reached its time limit with ${thousands(z.warm.keys)} of ${thousands(z.warm.wanted)} keys checked; memory per key is over those`,
      );
    if (z.storeTrouble > 0) out.push(`  WARNING (${at}): ${z.storeTrouble} checks answered without the store`);
    if (z.restarts.length > 0)
      out.push(`  WARNING (${at}): the server was started again, cold, after ${z.restarts.join("; ")}`);
    return out;
  });
  return [
    `Scale: one Bouncer server (Redis store) with ${sizes.map(thousands).join(" / ")} customers, one key each${s.quick ? " (quick: numbers are not meaningful)" : ""}`,
    `  checks from wrk, ${s.connections} connections, each check's key drawn at random among every customer's; warm: every key was checked once first (as far as the warm pass's time limit allowed)`,
    `  median of ${s.rounds} round(s) of ${s.secondsPerRound} s per mode, the sizes' rounds interleaved; the targets' ratios of checks/s and p99 are medians of each round's ratio to the same round at the smallest size or without the admin; load average ${s.loadAverage.start.toFixed(1)} at its start, ${s.loadAverage.end.toFixed(1)} at its end`,
    ...table([header, ...rows]),
    "",
    ...table([["target (issue 27)", "value", "target", ""], ...targetRows]),
    "",
    `Phases (${Math.round(s.seconds)} s in all):`,
    ...phases,
    ...warnings,
  ].join("\n");
}
