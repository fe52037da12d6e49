// The scale scenario's rounds: at every size, checks at saturation alone, with the Live page open, and with an admin
// creating a customer a second, each the median of its rounds, the sizes' rounds interleaved.
import type { SaturateJob, SaturateResult, StatusCounts } from "../load/jobs";
import type { Options } from "../options";
import { median } from "../stats";
import { type AdminSample, everyTick, GIVE_UP_MS, statuses, timedRequest } from "./admin-traffic";
import { randomChecksScript } from "./customers";
import { type Deployment, PLAN } from "./deployment";

const WRITE_EVERY_MS = 1000;
/** The console's Live page refreshes every 2 s (web/src/features/live). */
const LIVE_EVERY_MS = 2000;
export const LIVE_PATH = "/v1/usage?sort=nearest&limit=50";

export const MODES = ["base", "live", "writes"] as const;
export type ScaleModeId = (typeof MODES)[number];
export const MODE_LABELS: Record<ScaleModeId, string> = {
  base: "alone",
  live: "with the Live page open",
  writes: "with one write a second",
};

export type ScaleRound = {
  checks: number;
  checksPerSec: number;
  p99Ms: number;
  unexpected: StatusCounts;
  /** The admin's requests during the round: the Live page's refreshes, or the customers created. */
  admin: AdminSample[];
};

export type ScaleMode = {
  /** Medians of the rounds. */
  checksPerSec: number;
  p99Ms: number;
  rounds: ScaleRound[];
  /** Live rounds not run because a refresh outlasted a round (each would wait for its refresh to end). */
  skippedRounds: number;
};

/** What the rounds of one size run on, and where they say what went wrong. */
export type SizeRun = {
  deployment: Deployment;
  customers: number;
  options: Options;
  log(message: string): void;
  /** Checks from wrk, on the scenario's connections, to the server as it is now. */
  checks(job: Pick<SaturateJob, "script" | "seconds" | "latency" | "doneLine">): Promise<SaturateResult>;
  /** Starts the server again if it failed during `phase`, notes why, and warms it up. */
  revived(phase: string): Promise<void>;
  /** A round of checks alone that is not recorded, so that the server's code is compiled. */
  warmUp(): Promise<void>;
  restarts: string[];
};

export function unexpectedOf(result: SaturateResult): StatusCounts {
  const out: StatusCounts = Object.fromEntries(Object.entries(result.statusCodes).filter(([code]) => code !== "200"));
  if (result.errors > 0) out.error = result.errors;
  return out;
}

/** What the admin does during a round of `mode`, started now. */
function adminTraffic(run: SizeRun, mode: ScaleModeId, created: () => number) {
  const { url } = run.deployment.server();
  const { adminToken } = run.deployment;
  if (mode === "live") return everyTick(LIVE_EVERY_MS, () => timedRequest(url, adminToken, LIVE_PATH));
  if (mode === "writes")
    return everyTick(WRITE_EVERY_MS, () =>
      timedRequest(url, adminToken, "/v1/customers", { name: `Scale admin customer ${created()}`, planId: PLAN }),
    );
  return undefined;
}

/**
 * The rounds of every size, interleaved: round r runs each mode at each size before round r + 1 runs any, the sizes
 * and the modes in turn one way in odd rounds and the other way in even ones. A machine that slows down or warms up
 * over the minutes of a run then moves every size and mode alike, and each round's figures are compared with those of
 * the same round (results.ts), measured within seconds of them. Run one size after the other, two runs of the same
 * code gave 0.61x and 0.84x at a million; and in one interleaved run the rounds of one size fell from 8,535 to 3,507
 * checks/s as the machine slowed.
 */
export async function measureRounds(runs: SizeRun[]): Promise<Record<ScaleModeId, ScaleMode>[]> {
  const sizes = runs.map((run) => ({ run, ...roundsOf(run) }));
  const rounds = sizes[0]?.run.options.scaleRounds ?? 0;
  for (let r = 1; r <= rounds; r++) {
    const forward = r % 2 === 1;
    for (const size of forward ? sizes : [...sizes].reverse()) await size.roundSet(r, forward);
  }
  return sizes.map((size) => size.modes());
}

/** One size's round sets, each a round of every mode, and the medians of those run so far. */
function roundsOf(run: SizeRun) {
  const { options, deployment, log } = run;
  const rounds: Record<ScaleModeId, ScaleRound[]> = { base: [], live: [], writes: [] };
  let created = 0;
  let seed = 100;
  const round = async (mode: ScaleModeId): Promise<ScaleRound> => {
    const admin = adminTraffic(run, mode, () => ++created);
    // wrk fails outright when the server is gone at its start (a server that died during the round is seen after).
    const result = await run
      .checks({
        script: randomChecksScript(deployment.serviceToken, run.customers, seed++),
        seconds: options.scaleSeconds,
        latency: true,
      })
      .catch((error: Error) => error);
    // A refresh still in flight is waited for: the next round would otherwise share the server with it.
    const samples = (await admin?.stop()) ?? [];
    if (samples.some((s) => s.status === 0)) {
      // Given up on, a request goes on inside the server, which would answer every round after it slowly.
      const why = await deployment.revive();
      if (!why) await deployment.restart();
      await run.warmUp();
      run.restarts.push(
        `a round ${MODE_LABELS[mode]} (${why ?? `an admin request given up on after ${GIVE_UP_MS / 1000} s`})`,
      );
    }
    if (result instanceof Error)
      return { checks: 0, checksPerSec: 0, p99Ms: Number.NaN, unexpected: { error: 1 }, admin: samples };
    const ok = result.statusCodes["200"] ?? 0;
    return {
      checks: ok,
      checksPerSec: ok / result.seconds,
      p99Ms: ok > 0 ? (result.p99Ms ?? Number.NaN) : Number.NaN,
      unexpected: unexpectedOf(result),
      admin: samples,
    };
  };
  const measured = async (mode: ScaleModeId, r: number) => {
    const result = await round(mode);
    rounds[mode].push(result);
    log(roundLine(mode, r, options.scaleRounds, result));
    await run.revived(`a round ${MODE_LABELS[mode]}`);
    return result;
  };

  // The three modes interleaved too, so that none of them is measured on a machine warmed up by the others. (Before
  // issue 27 each write made the server forget all it cached, and the writes came last.)
  let liveOutlastsRound = false;
  let skippedLive = 0;
  const modeOf = (mode: ScaleModeId, skippedRounds = 0): ScaleMode => ({
    checksPerSec: median(rounds[mode].map((r) => r.checksPerSec)),
    p99Ms: median(rounds[mode].map((r) => r.p99Ms)),
    rounds: rounds[mode],
    skippedRounds,
  });
  return {
    async roundSet(r: number, forward: boolean) {
      for (const mode of forward ? MODES : [...MODES].reverse()) {
        if (mode !== "live") await measured(mode, r);
        else if (liveOutlastsRound) skippedLive++;
        else liveOutlastsRound = (await measured("live", r)).admin.some((s) => s.ms > options.scaleSeconds * 1000);
      }
    },
    modes(): Record<ScaleModeId, ScaleMode> {
      if (skippedLive > 0)
        log(`a Live refresh outlasted a round: ${skippedLive} more round(s) with the Live page not run`);
      return { base: modeOf("base"), live: modeOf("live", skippedLive), writes: modeOf("writes") };
    },
  };
}

function roundLine(mode: ScaleModeId, r: number, of: number, result: ScaleRound): string {
  const admin = result.admin.length
    ? `; ${result.admin.length} admin request(s), ${result.admin.map((s) => `${Math.round(s.ms)} ms`).join(" ")} (${statuses(result.admin)})`
    : "";
  return `round ${r}/${of} ${MODE_LABELS[mode]}: ${Math.round(result.checksPerSec)} checks/s, p99 ${result.p99Ms.toFixed(2)} ms${admin}`;
}
