// One size of the scale scenario, measured: every key checked once (the cache warmed, memory read before and after);
// then, once every size is ready, the rounds of all of them (./rounds.ts); then the admin reads that grow with the
// customers, alone.
import type { LoadClient } from "../load/client";
import type { SaturateResult, StatusCounts } from "../load/jobs";
import { storeTroubleOf } from "../measure";
import type { Options } from "../options";
import { median } from "../stats";
import { type AdminSample, repeatedly, statuses, timedRequest } from "./admin-traffic";
import { EACH_ANSWERED, eachOnceScript, randomChecksScript, SEARCH } from "./customers";
import { deploy, type MemoryReading, readMemory } from "./deployment";
import { measureRounds, type ScaleMode, type ScaleModeId, type SizeRun, unexpectedOf } from "./rounds";
import type { SeedResult } from "./seed-db";

/** Connections wrk spreads the checks over (issue 27: about 32). */
export const SCALE_CONNECTIONS = 32;
/** Keys checked before memory is first read, so that what a first check loads and compiles is not counted per key. */
const PREWARM_KEYS = 64;
/** Warm-up rounds agree when they differ by this share at most; there are at most MOST_WARM_UP_ROUNDS of them. */
const SETTLED = 0.1;
const MOST_WARM_UP_ROUNDS = 12;
// A page the smallest size fills too (1,000 customers have 42 that match): a page of 100 held 42 rows there and 100
// at the larger sizes, so its ratio measured the page's size, not what the size of the database adds.
export const SEARCH_PATH = `/v1/customers?q=${SEARCH}&limit=40`;
export const USAGE_PATH = "/v1/usage?limit=50";

export type Timing = { path: string; medianMs: number; samples: AdminSample[] };

export type ScaleSize = {
  customers: number;
  seed: SeedResult;
  serverStartSeconds: number;
  /**
   * One check of every key not checked before, in turn: the cache warmed, and every customer's counters made. `keys`
   * were checked of `wanted`: fewer when the pass reached its time limit (options.scaleWarmPassSeconds).
   */
  warm: { wanted: number; keys: number; seconds: number; checksPerSec: number; unexpected: StatusCounts };
  memory: {
    before: MemoryReading;
    after: MemoryReading;
    /** Read once more after the rounds, the cache as full and its first loads' garbage collected since. */
    afterRounds: MemoryReading;
    /** Differences over the keys of the warm pass. */
    rssBytesPerKey: number;
    /** The same after the rounds; NaN when the server was started again meanwhile (its cache no longer full). */
    rssBytesPerKeyAfterRounds: number;
    oldSpaceBytesPerKey: number;
    redisBytesPerCustomer: number;
    redisKeysPerCustomer: number;
  };
  modes: Record<ScaleModeId, ScaleMode>;
  timings: { customerSearch: Timing; usage: Timing };
  /** Checks answered without the store, or store errors, over the whole size (the server's /metrics). */
  storeTrouble: number;
  /**
   * Phases after which the server was started again, cold, for the rest, and why: it exited or stopped answering, or
   * it was still at an admin request the runner gave up on.
   */
  restarts: string[];
  phaseSeconds: Record<"setUp" | "warm" | "rounds" | "timings" | "total", number>;
};

const seconds = (since: number) => (performance.now() - since) / 1000;

/** A size deployed, seeded, every key checked once and warmed up; its server left running for the rounds. */
export async function prepareSize(
  customers: number,
  load: LoadClient,
  options: Options,
  log: (message: string) => void,
): Promise<PreparedSize> {
  const begun = performance.now();
  const size = customers.toLocaleString("en-US");
  const deployment = await deploy(customers, log);
  const restarts: string[] = [];
  const run: SizeRun = {
    deployment,
    customers,
    options,
    log: (message) => log(`scale ${size}: ${message}`),
    checks: (job) =>
      load.saturate({
        url: deployment.server().url,
        path: "/v1/check",
        headers: {},
        bodies: [],
        connections: SCALE_CONNECTIONS,
        tool: "wrk",
        ...job,
      }),
    async revived(phase) {
      const why = await deployment.revive();
      if (why) {
        restarts.push(`${phase} (${why})`);
        run.log(`WARNING: the server failed during ${phase} (${why}); started again, cold`);
        await run.warmUp();
      }
    },
    // Rounds alone, not recorded, until two in a row agree within SETTLED: at 1,000 customers the warm pass is over
    // in half a second, and the server's code was still being compiled through the first rounds (15,000, 15,500,
    // then 29,000 checks/s); at 1,000,000 the first collections of a heap the warm pass grew by 700 MB slowed the
    // rounds after it (11,700, 14,400, then 16,900). So is a server that was started again.
    async warmUp() {
      let last = Number.NaN;
      for (let round = 1; round <= MOST_WARM_UP_ROUNDS; round++) {
        const result = await run.checks({
          script: randomChecksScript(deployment.serviceToken, customers, 90 + round),
          seconds: options.scaleSeconds,
        });
        const checksPerSec = (result.statusCodes["200"] ?? 0) / result.seconds;
        if (Math.abs(checksPerSec - last) <= SETTLED * last) {
          run.log(
            `warmed up: ${round} round(s) alone, the last two ${Math.round(last)} and ${Math.round(checksPerSec)} checks/s`,
          );
          return;
        }
        last = checksPerSec;
      }
      run.log(
        `WARNING: not settled after ${MOST_WARM_UP_ROUNDS} warm-up rounds (the last ${Math.round(last)} checks/s)`,
      );
    },
    restarts,
  };
  try {
    return await warmed(run, begun);
  } catch (error) {
    await deployment.close();
    throw error;
  }
}

/** What the warm pass read of a size, and the size's run, for its rounds and the reads after them. */
export type PreparedSize = {
  run: SizeRun;
  begun: number;
  setUpSeconds: number;
  warmSeconds: number;
  wanted: number;
  keys: number;
  warm: SaturateResult;
  before: MemoryReading;
  after: MemoryReading;
};

async function warmed(run: SizeRun, begun: number): Promise<PreparedSize> {
  const { deployment, customers, options, log } = run;
  const setUpSeconds = seconds(begun);

  const warmStarted = performance.now();
  const prewarm = Math.min(PREWARM_KEYS, customers);
  await run.checks({ script: randomChecksScript(deployment.serviceToken, prewarm, 1), seconds: 1 });
  const before = await readMemory(deployment);
  const wanted = customers - prewarm;
  const warm = await run.checks({
    script: eachOnceScript(deployment.serviceToken, prewarm, customers),
    doneLine: EACH_ANSWERED,
    seconds: options.scaleWarmPassSeconds,
  });
  const after = await readMemory(deployment);
  // In turn, so the keys checked are the pass's first `keys`.
  const keys = Math.min(wanted, warm.responses);
  log(
    keys < wanted
      ? `WARNING: the warm pass reached its ${options.scaleWarmPassSeconds} s with ${keys.toLocaleString("en-US")} of ${wanted.toLocaleString("en-US")} keys checked`
      : `every key checked once: ${keys.toLocaleString("en-US")} in ${warm.seconds.toFixed(1)} s`,
  );
  await run.revived("the warm pass");
  return { run, begun, setUpSeconds, warmSeconds: seconds(warmStarted), wanted, keys, warm, before, after };
}

/**
 * The rounds of every size, interleaved (./rounds.ts), each size warmed up again first (it idled while the others were
 * seeded), then each size's reads after them; every deployment is closed at the end, whatever happened.
 */
export async function measureSizes(prepared: PreparedSize[]): Promise<ScaleSize[]> {
  try {
    for (const { run } of prepared) await run.warmUp();
    const roundsStarted = performance.now();
    const restartsBeforeRounds = prepared.map(({ run }) => run.restarts.length);
    const modes = await measureRounds(prepared.map(({ run }) => run));
    const roundsSeconds = seconds(roundsStarted);
    const sizes: ScaleSize[] = [];
    for (const [i, size] of prepared.entries()) {
      const restarted = size.run.restarts.length !== restartsBeforeRounds[i];
      sizes.push(await finished(size, modes[i] as Record<ScaleModeId, ScaleMode>, roundsSeconds, restarted));
    }
    return sizes;
  } finally {
    for (const { run } of prepared) await run.deployment.close();
  }
}

async function finished(
  prepared: PreparedSize,
  modes: Record<ScaleModeId, ScaleMode>,
  roundsSeconds: number,
  restarted: boolean,
): Promise<ScaleSize> {
  const { run, begun, setUpSeconds, warmSeconds, wanted, keys, warm, before, after } = prepared;
  const { deployment, customers, options, log } = run;
  const afterRounds = await readMemory(deployment);

  const timingsStarted = performance.now();
  const timing = async (path: string): Promise<Timing> => {
    const samples = await repeatedly(
      () => timedRequest(deployment.server().url, deployment.adminToken, path),
      options.scaleTimingSamples,
      options.scaleTimingBudgetSeconds,
    );
    const result = { path, medianMs: median(samples.map((s) => s.ms)), samples };
    log(`GET ${path}: median ${result.medianMs.toFixed(1)} ms of ${samples.length} (status ${statuses(samples)})`);
    await run.revived(`GET ${path}`);
    return result;
  };
  const customerSearch = await timing(SEARCH_PATH);
  const usage = await timing(USAGE_PATH);
  const timingsSeconds = seconds(timingsStarted);

  return {
    customers,
    seed: deployment.seed,
    serverStartSeconds: deployment.startSeconds,
    warm: { wanted, keys, seconds: warm.seconds, checksPerSec: keys / warm.seconds, unexpected: unexpectedOf(warm) },
    memory: {
      before,
      after,
      afterRounds,
      rssBytesPerKey: (after.rssBytes - before.rssBytes) / keys,
      rssBytesPerKeyAfterRounds: restarted ? Number.NaN : (afterRounds.rssBytes - before.rssBytes) / keys,
      oldSpaceBytesPerKey: (after.oldSpaceUsedBytes - before.oldSpaceUsedBytes) / keys,
      redisBytesPerCustomer: (after.redisUsedBytes - before.redisUsedBytes) / keys,
      redisKeysPerCustomer: (after.redisKeys - before.redisKeys) / keys,
    },
    modes,
    timings: { customerSearch, usage },
    storeTrouble: await storeTroubleOf(deployment.server().url),
    restarts: run.restarts,
    phaseSeconds: {
      setUp: setUpSeconds,
      warm: warmSeconds,
      rounds: roundsSeconds,
      timings: timingsSeconds,
      total: seconds(begun),
    },
  };
}
