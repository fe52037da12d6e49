// A counter store over any Redis that runs lua/: the keys, arguments and replies shared by the TCP and Upstash stores.
import { report } from "../algorithm";
import type { LimitSpec } from "../limits";
import type { CounterStore, HistoryPoint, StoreDecision } from "../store";
import { WINDOW_NAMES, WINDOW_RULES } from "../windows";
import { type Script, scripts } from "./scripts";

/** What a Redis client must offer: one script call, HDEL and PING. */
export type ScriptClient = {
  run(script: Script, keys: string[], args: string[]): Promise<unknown>;
  hdel(key: string, fields: string[]): Promise<unknown>;
  ping(): Promise<unknown>;
  close(): Promise<void>;
};

const MINUTE_MS = 60_000;

/** Every counter of a subject lives under one hash tag, so a check touches one Cluster slot. */
export const subjectKey = (subject: string) => `rl:{${subject}}`;

const arg = (n: number | null) => (n === null ? "-1" : String(n));

// A plan's limits as the script's arguments before the cost (the bucket, then the count of windows and each
// window's rule and size), worked out once per spec rather than on every check (specs live in the config
// cache until config changes).
const specArgs = new WeakMap<LimitSpec, string[]>();
function argsOf(spec: LimitSpec): string[] {
  let args = specArgs.get(spec);
  if (!args) {
    args = [arg(spec.capacity), arg(spec.perMinute), String(spec.windows.length)];
    for (const w of spec.windows) args.push(w.rule.code, arg(w.size));
    specArgs.set(spec, args);
  }
  return args;
}

function toNumbers(reply: unknown): number[] {
  if (!Array.isArray(reply)) throw new Error(`unexpected reply from the counter store: ${JSON.stringify(reply)}`);
  return reply.map(Number);
}

/**
 * check.lua's reply to one check (a list of its one entry: { allowed, now, fill, then each window's count }, or
 * the error's message when it failed) as every limit's state, as the memory store reports it.
 */
function decision(reply: unknown, spec: LimitSpec, cost: number): StoreDecision {
  const entry = Array.isArray(reply) && reply.length === 1 ? reply[0] : undefined;
  if (typeof entry === "string") throw new Error(entry);
  const windows = spec.windows.length;
  if (!Array.isArray(entry) || entry.length !== 3 + windows) {
    throw new Error(`unexpected reply from the counter store: ${JSON.stringify(reply)}`);
  }
  // TCP clients give numbers, Upstash may give strings.
  const r = entry as (number | string)[];
  const counts = new Array<number>(windows);
  for (let i = 0; i < windows; i++) counts[i] = Number(r[3 + i]);
  return report({ allowed: Number(r[0]) === 1, level: Number(r[2]), counts }, spec, cost, Number(r[1]));
}

/** The counters' fields of a subject's hash; the minute of history it also holds (mi, ma) outlives a reset. */
const COUNTER_FIELDS = ["l", "u", ...WINDOW_NAMES.flatMap((name) => WINDOW_RULES[name].fields)];

/** `clock` is for tests only: a fixed time instead of Redis TIME, so they can stand at exact instants. */
export function createScriptStore(client: ScriptClient, clock?: () => number): CounterStore {
  const time = () => (clock ? String(clock()) : "");
  const evaluate = (subject: string, spec: LimitSpec, cost: number, consume: "1" | "0") =>
    client.run(scripts.check, [subjectKey(subject)], [...argsOf(spec), String(cost), consume, time()]);

  return {
    check: async (subject, spec, cost) => decision(await evaluate(subject, spec, cost, "1"), spec, cost),
    usage: async (subject, spec) => decision(await evaluate(subject, spec, 1, "0"), spec, 1),

    async history(subject, minutes): Promise<HistoryPoint[]> {
      const r = toNumbers(await client.run(scripts.history, [subjectKey(subject)], [String(minutes), time()]));
      const first = r[0] as number;
      const points: HistoryPoint[] = [];
      for (let i = 1; i + 1 < r.length; i += 2) {
        points.push({ minute: first + ((i - 1) / 2) * MINUTE_MS, allowed: r[i] as number, denied: r[i + 1] as number });
      }
      return points;
    },

    async recordDenials(subject, count) {
      await client.run(scripts.recordDenials, [subjectKey(subject)], [String(count), time()]);
    },

    async reset(subject) {
      await client.hdel(subjectKey(subject), COUNTER_FIELDS);
    },

    async ping() {
      await client.ping();
    },

    close: () => client.close(),
  };
}
