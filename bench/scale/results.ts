// What the scale scenario reports: each figure at every size with its ratio to the smallest, and issue 27's targets,
// each a row of data from which the JSON, the table and the met / not met lines follow.
import type { Options } from "../options";
import { median } from "../stats";
import type { AdminSample } from "./admin-traffic";
import type { ScaleRound } from "./rounds";
import { type ScaleSize, SEARCH_PATH, USAGE_PATH } from "./size";

export type Figure = {
  id: string;
  label: string;
  of(size: ScaleSize): number;
  /** The admin requests behind the figure, if any: one given up on makes it a lower bound. */
  samples?(size: ScaleSize): AdminSample[];
};

const adminSamples = (size: ScaleSize, mode: "live" | "writes") => size.modes[mode].rounds.flatMap((r) => r.admin);
const adminMedian = (size: ScaleSize, mode: "live" | "writes") => median(adminSamples(size, mode).map((s) => s.ms));

export const FIGURES: Figure[] = [
  { id: "checksPerSec", label: "checks/s", of: (s) => s.modes.base.checksPerSec },
  { id: "p99Ms", label: "p99 (ms)", of: (s) => s.modes.base.p99Ms },
  { id: "writesChecksPerSec", label: "checks/s, one write a second", of: (s) => s.modes.writes.checksPerSec },
  { id: "writesP99Ms", label: "p99 (ms), one write a second", of: (s) => s.modes.writes.p99Ms },
  {
    id: "writeMs",
    label: "  POST /v1/customers meanwhile (ms)",
    of: (s) => adminMedian(s, "writes"),
    samples: (s) => adminSamples(s, "writes"),
  },
  { id: "liveChecksPerSec", label: "checks/s, Live page open", of: (s) => s.modes.live.checksPerSec },
  { id: "liveP99Ms", label: "p99 (ms), Live page open", of: (s) => s.modes.live.p99Ms },
  {
    id: "liveRefreshMs",
    label: "  its refresh meanwhile (ms)",
    of: (s) => adminMedian(s, "live"),
    samples: (s) => adminSamples(s, "live"),
  },
  { id: "rssBytesPerKey", label: "service RSS per cached key (B)", of: (s) => s.memory.rssBytesPerKey },
  { id: "oldSpaceBytesPerKey", label: "  V8 old space per cached key (B)", of: (s) => s.memory.oldSpaceBytesPerKey },
  {
    id: "rssBytesPerKeyAfterRounds",
    label: "  service RSS per cached key, after the rounds (B)",
    of: (s) => s.memory.rssBytesPerKeyAfterRounds,
  },
  { id: "redisBytesPerCustomer", label: "Redis bytes per active customer", of: (s) => s.memory.redisBytesPerCustomer },
  {
    id: "customerSearchMs",
    label: `GET ${SEARCH_PATH} (ms)`,
    of: (s) => s.timings.customerSearch.medianMs,
    samples: (s) => s.timings.customerSearch.samples,
  },
  {
    id: "usageMs",
    label: `GET ${USAGE_PATH} (ms)`,
    of: (s) => s.timings.usage.medianMs,
    samples: (s) => s.timings.usage.samples,
  },
  { id: "warmChecksPerSec", label: "first check of each key (checks/s)", of: (s) => s.warm.checksPerSec },
  { id: "seedSeconds", label: "seeding (s)", of: (s) => s.seed.seconds },
  { id: "serverStartSeconds", label: "server start on the seeded file (s)", of: (s) => s.serverStartSeconds },
];

type TargetSpec = {
  id: string;
  text: string;
  target: number;
  /** The value must be at most the target (else at least). */
  atMost: boolean;
  /** Held at every size, or at the largest only (against the smallest). */
  at: "each" | "largest";
  value(size: ScaleSize, smallest: ScaleSize): number;
};

/**
 * The median over the rounds of a figure of one round ÷ the same figure of the same round elsewhere (another size, or
 * another mode): rounds measured seconds apart meet the same machine, where the medians of each could come from
 * minutes apart. Rounds one side lacks (a Live page's skipped) are left out.
 */
function pairedRatio(a: ScaleRound[], b: ScaleRound[], figure: (round: ScaleRound) => number): number {
  const ratios: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    ratios.push(figure(a[i] as ScaleRound) / figure(b[i] as ScaleRound));
  }
  return median(ratios);
}
const checksPerSec = (round: ScaleRound) => round.checksPerSec;
const p99Ms = (round: ScaleRound) => round.p99Ms;

/** Issue 27's targets. Reported as facts, never held: a run does not fail on them. */
export const TARGETS: TargetSpec[] = [
  {
    id: "checksPerSec",
    text: "checks/s at the largest size ÷ at the smallest",
    target: 0.8,
    atMost: false,
    at: "largest",
    value: (s, smallest) => pairedRatio(s.modes.base.rounds, smallest.modes.base.rounds, checksPerSec),
  },
  {
    id: "writesChecksPerSec",
    text: "checks/s with one write a second ÷ without",
    target: 0.95,
    atMost: false,
    at: "each",
    value: (s) => pairedRatio(s.modes.writes.rounds, s.modes.base.rounds, checksPerSec),
  },
  {
    id: "writesP99",
    text: "p99 with one write a second ÷ without",
    target: 1.2,
    atMost: true,
    at: "each",
    value: (s) => pairedRatio(s.modes.writes.rounds, s.modes.base.rounds, p99Ms),
  },
  {
    id: "liveChecksPerSec",
    text: "checks/s with the Live page open ÷ closed",
    target: 0.95,
    atMost: false,
    at: "each",
    value: (s) => pairedRatio(s.modes.live.rounds, s.modes.base.rounds, checksPerSec),
  },
  {
    id: "customerSearchMs",
    text: `GET ${SEARCH_PATH} at the largest size ÷ at the smallest`,
    target: 2,
    atMost: true,
    at: "largest",
    value: (s, smallest) => s.timings.customerSearch.medianMs / smallest.timings.customerSearch.medianMs,
  },
  {
    id: "usageMs",
    text: `GET ${USAGE_PATH} at the largest size ÷ at the smallest`,
    target: 2,
    atMost: true,
    at: "largest",
    value: (s, smallest) => s.timings.usage.medianMs / smallest.timings.usage.medianMs,
  },
  {
    id: "rssBytesPerKey",
    text: "service RSS per cached key, bytes",
    target: 300,
    atMost: true,
    at: "each",
    value: (s) => s.memory.rssBytesPerKey,
  },
];

export type ScaleTarget = {
  id: string;
  text: string;
  customers: number;
  value: number;
  target: number;
  atMost: boolean;
  met: boolean;
};

export type ScaleResults = {
  date: string;
  quick: boolean;
  /** The commit measured, and how many files under api/, db/ and lua/ differed from it; null outside a checkout. */
  code: { commit: string; changedFiles: number } | null;
  loadTool: "wrk";
  connections: number;
  secondsPerRound: number;
  rounds: number;
  /** The 1-minute load average when the scenario began and ended: others' work shows at the start. */
  loadAverage: { start: number; end: number };
  seconds: number;
  sizes: ScaleSize[];
  /**
   * Each figure at each size, in the order of `sizes`, and as a ratio to the first (null: not measured); `atLeast`
   * where an admin request behind it was given up on, so that the value is a lower bound.
   */
  figures: { id: string; label: string; values: number[]; ratios: number[]; atLeast: boolean[] }[];
  targets: ScaleTarget[];
};

export function scaleResults(
  sizes: ScaleSize[],
  options: Options,
  meta: Pick<ScaleResults, "code" | "loadAverage" | "seconds" | "connections">,
): ScaleResults {
  const smallest = sizes[0] as ScaleSize;
  const largest = sizes[sizes.length - 1] as ScaleSize;
  const figures = FIGURES.map((f) => {
    const values = sizes.map(f.of);
    const atLeast = sizes.map((size) => (f.samples?.(size) ?? []).some((s) => s.status === 0));
    return { id: f.id, label: f.label, values, ratios: values.map((v) => v / (values[0] as number)), atLeast };
  });
  const targets = TARGETS.flatMap((t) =>
    (t.at === "each" ? sizes : [largest]).map((size) => {
      const value = t.value(size, smallest);
      return {
        id: t.id,
        text: t.text,
        customers: size.customers,
        value,
        target: t.target,
        atMost: t.atMost,
        met: t.atMost ? value <= t.target : value >= t.target,
      };
    }),
  );
  return {
    date: new Date().toISOString(),
    quick: options.quick,
    loadTool: "wrk",
    secondsPerRound: options.scaleSeconds,
    rounds: options.scaleRounds,
    ...meta,
    sizes,
    figures,
    targets,
  };
}
