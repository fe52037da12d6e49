// The counter store on Upstash Redis over REST, through @upstash/redis: one HTTP request per check.
import { Redis } from "@upstash/redis";
import { createScriptStore } from "./script-store";
import { runScript } from "./scripts";
import type { CounterStore } from "./store";

export type UpstashStoreOptions = {
  url: string;
  token: string;
  /** The budget of one store call (STORE_TIMEOUT_MS), enforced by aborting the request. */
  timeoutMs: number;
  /** Tests only: a fixed clock instead of Redis TIME. */
  clock?: () => number;
};

export function createUpstashStore({ url, token, timeoutMs, clock }: UpstashStoreOptions): CounterStore {
  const redis = new Redis({
    url,
    token,
    // A fresh signal per request: each call gets the whole budget, no more.
    signal: () => AbortSignal.timeout(timeoutMs),
    keepAlive: true,
    // Retrying would spend the budget; past it the plan's fail mode decides.
    retry: false,
    // Script replies are numbers; there is nothing to JSON-parse.
    automaticDeserialization: false,
    enableTelemetry: false,
  });

  return createScriptStore(
    {
      run: (script, keys, args) =>
        runScript(
          script,
          (sha) => redis.evalsha(sha, keys, args),
          (source) => redis.eval(source, keys, args),
        ),
      del: (key) => redis.del(key),
      ping: () => redis.ping(),
      close: async () => {},
    },
    clock,
  );
}
