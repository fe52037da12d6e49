// A counter store over any Redis that runs lua/: the keys, arguments and replies shared by the TCP and Upstash stores.
import type { LimitName, LimitSpec } from "./limits";
import { type Script, scripts } from "./scripts";
import type { CounterStore, HistoryPoint, LimitState, StoreDecision } from "./store";

/** What a Redis client must offer: one script call, DEL and PING. */
export type ScriptClient = {
  run(script: Script, keys: string[], args: string[]): Promise<unknown>;
  del(key: string): Promise<unknown>;
  ping(): Promise<unknown>;
  close(): Promise<void>;
};

const KINDS: Record<number, LimitName> = { 1: "burst", 2: "hour", 3: "day" };
const MINUTE_MS = 60_000;

/** Every counter of a subject lives under one hash tag, so a check touches one Cluster slot. */
export const subjectKey = (subject: string) => `rl:{${subject}}`;

const arg = (n: number | null) => (n === null ? "-1" : String(n));

// A plan's limits as the script's first four arguments, worked out once per spec rather than on every check
// (specs live in the config cache until config changes).
const specArgs = new WeakMap<LimitSpec, string[]>();
function argsOf(spec: LimitSpec): string[] {
  let args = specArgs.get(spec);
  if (!args) {
    args = [arg(spec.capacity), arg(spec.perMinute), arg(spec.hour), arg(spec.day)];
    specArgs.set(spec, args);
  }
  return args;
}

function toNumbers(reply: unknown): number[] {
  if (!Array.isArray(reply)) throw new Error(`unexpected reply from the counter store: ${JSON.stringify(reply)}`);
  return reply.map(Number);
}

function decision(reply: unknown): StoreDecision {
  if (!Array.isArray(reply)) throw new Error(`unexpected reply from the counter store: ${JSON.stringify(reply)}`);
  // Read in place (TCP clients give numbers, Upstash may give strings): no copy of the reply per check.
  const r = reply as (number | string)[];
  const limits: LimitState[] = [];
  for (let i = 2; i + 4 < r.length; i += 5) {
    const wait = Number(r[i + 4]);
    limits.push({
      name: KINDS[Number(r[i])] as LimitName,
      limit: Number(r[i + 1]),
      remaining: Number(r[i + 2]),
      resetMs: Number(r[i + 3]),
      waitMs: wait < 0 ? null : wait,
    });
  }
  return { allowed: Number(r[0]) === 1, nowMs: Number(r[1]), limits };
}

/** `clock` is for tests only: a fixed time instead of Redis TIME, so they can stand at exact instants. */
export function createScriptStore(client: ScriptClient, clock?: () => number): CounterStore {
  const time = () => (clock ? String(clock()) : "");
  const evaluate = (subject: string, spec: LimitSpec, cost: number, consume: "1" | "0") =>
    client.run(scripts.check, [subjectKey(subject)], [...argsOf(spec), String(cost), consume, time()]);

  return {
    check: async (subject, spec, cost) => decision(await evaluate(subject, spec, cost, "1")),
    usage: async (subject, spec) => decision(await evaluate(subject, spec, 1, "0")),

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
      await client.del(subjectKey(subject));
    },

    async ping() {
      await client.ping();
    },

    close: () => client.close(),
  };
}
