// What alert thresholds cost Redis (issue 30; contract section 13): the same checks of the same limits, with alerts
// [50, 80, 100] and without, sent through the Redis store to one redis-server, in interleaved rounds. Reported: Redis's
// own CPU per check (INFO cpu) and the microseconds its scripts ran per check (INFO commandstats), each as the ratio
// of the plan with alerts to the one without. The customers' use stays far below every threshold, as nearly every
// check's does: a check that reaches a threshold (once per threshold, window and customer) costs one HGET more.
import { startRedis } from "../api/dev/redis-server";
import { specOf } from "../api/src/quota/limits";
import type { CounterStore } from "../api/src/quota/store";
import { createRedisStore } from "../api/src/quota/stores/redis-store";
import { testSpec } from "../api/src/quota/testing/test-spec";
import type { Options } from "./options";
import { clientUsec, parseCommandUsage, parseRedisCpuUs } from "./redis-commands";
import { median } from "./stats";

const ALERTS = [50, 80, 100];
const CUSTOMERS = 1000;
/** Checks in flight at once, as many servers' batches would keep Redis busy. */
const IN_FLIGHT = 64;

export type AlertsRound = { withAlerts: boolean; checks: number; redisCpuUsPerCheck: number; scriptUsPerCheck: number };

export type AlertsResults = {
  date: string;
  checksPerRound: number;
  rounds: AlertsRound[];
  /** Medians of each round's ratio, with alerts ÷ without. */
  redisCpuRatio: number;
  scriptUsRatio: number;
  target: number;
  met: boolean;
};

async function checkMany(store: CounterStore, spec: ReturnType<typeof specOf>, checks: number, prefix: string) {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < checks) {
        const i = next++;
        await store.check(`${prefix}-${i % CUSTOMERS}`, spec, 1);
      }
    }),
  );
}

export async function runAlerts(options: Pick<Options, "quick">, log: (m: string) => void): Promise<AlertsResults> {
  const checks = options.quick ? 2000 : 40_000;
  const roundsEach = options.quick ? 1 : 5;
  const redis = await startRedis();
  const store = createRedisStore({ url: redis.url, timeoutMs: 5000 });
  const { Redis } = await import("ioredis");
  const info = new Redis(redis.url);
  // The limits of the main bench's plan: a bucket and every window, far above what the rounds use.
  const limits = { capacity: 1e9, perMinute: 1e9, hour: 1e9, day: 1e9, week: 1e9, month: 1e9 };
  const plain = testSpec(limits);
  const alerting = specOf(plain.parts, ALERTS);
  try {
    // Warm: every customer's hash exists, and the scripts are loaded.
    await checkMany(store, plain, CUSTOMERS, "plain");
    await checkMany(store, alerting, CUSTOMERS, "alerting");
    const rounds: AlertsRound[] = [];
    for (let round = 0; round < roundsEach; round++) {
      // Alternating which goes first, so that a slow moment of the machine does not fall on one side.
      const order = round % 2 === 0 ? [false, true] : [true, false];
      for (const withAlerts of order) {
        await info.config("RESETSTAT");
        const cpuBefore = parseRedisCpuUs(await info.info("cpu"));
        await checkMany(store, withAlerts ? alerting : plain, checks, withAlerts ? "alerting" : "plain");
        const cpu = parseRedisCpuUs(await info.info("cpu")) - cpuBefore;
        const usec = clientUsec(parseCommandUsage(await info.info("commandstats")));
        rounds.push({ withAlerts, checks, redisCpuUsPerCheck: cpu / checks, scriptUsPerCheck: usec / checks });
        log(
          `alerts round ${round + 1}/${roundsEach} ${withAlerts ? "with" : "without"}: ${(usec / checks).toFixed(2)} µs`,
        );
      }
    }
    const ratios = (field: "redisCpuUsPerCheck" | "scriptUsPerCheck") => {
      const out: number[] = [];
      for (let i = 0; i + 1 < rounds.length; i += 2) {
        const [a, b] = [rounds[i] as AlertsRound, rounds[i + 1] as AlertsRound];
        const [on, off] = a.withAlerts ? [a, b] : [b, a];
        out.push(on[field] / off[field]);
      }
      return median(out);
    };
    const scriptUsRatio = ratios("scriptUsPerCheck");
    return {
      date: new Date().toISOString(),
      checksPerRound: checks,
      rounds,
      redisCpuRatio: ratios("redisCpuUsPerCheck"),
      scriptUsRatio,
      target: 1.05,
      met: scriptUsRatio <= 1.05,
    };
  } finally {
    info.disconnect();
    await store.close();
    await redis.stop();
  }
}

export function formatAlerts(r: AlertsResults): string {
  const mean = (withAlerts: boolean, field: "redisCpuUsPerCheck" | "scriptUsPerCheck") =>
    median(r.rounds.filter((x) => x.withAlerts === withAlerts).map((x) => x[field])).toFixed(2);
  return [
    "Alert thresholds: Redis per check, plan with alerts [50, 80, 100] vs the same limits without",
    `  scripts' time  ${mean(true, "scriptUsPerCheck")} vs ${mean(false, "scriptUsPerCheck")} µs: ${r.scriptUsRatio.toFixed(3)}x (target ≤ ${r.target}x: ${r.met ? "met" : "NOT met"})`,
    `  Redis CPU      ${mean(true, "redisCpuUsPerCheck")} vs ${mean(false, "redisCpuUsPerCheck")} µs: ${r.redisCpuRatio.toFixed(3)}x`,
  ].join("\n");
}
