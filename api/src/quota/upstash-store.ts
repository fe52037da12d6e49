// The counter store on Upstash Redis over REST, through @upstash/redis. Checks that arrive in the same turn of the
// event loop travel together in one pipeline request: each is still its own atomic script call, and a busy
// server pays one HTTP round trip for many checks instead of one each.
import { Redis } from "@upstash/redis";
import { createScriptStore } from "./script-store";
import type { Script } from "./scripts";
import type { CounterStore } from "./store";

export type UpstashStoreOptions = {
  url: string;
  token: string;
  /** The budget of one store call (STORE_TIMEOUT_MS), enforced by aborting the request. */
  timeoutMs: number;
  /** Tests only: a fixed clock instead of Redis TIME. */
  clock?: () => number;
};

type Call = {
  script: Script;
  keys: string[];
  args: string[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
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

  let queue: Call[] = [];

  async function flush(): Promise<void> {
    const batch = queue;
    queue = [];
    const pipeline = redis.pipeline();
    for (const call of batch) pipeline.evalsha(call.script.sha, call.keys, call.args);
    let replies: { result?: unknown; error?: string }[];
    try {
      replies = await pipeline.exec({ keepErrors: true });
    } catch (error) {
      for (const call of batch) call.reject(error);
      return;
    }
    batch.forEach((call, i) => {
      const reply = replies[i];
      if (!reply?.error) return call.resolve(reply?.result);
      // This Redis has not seen the script yet (a restart, say): send it once with its source.
      if (reply.error.includes("NOSCRIPT"))
        return redis.eval(call.script.source, call.keys, call.args).then(call.resolve, call.reject);
      call.reject(new Error(reply.error));
    });
  }

  const run = (script: Script, keys: string[], args: string[]) =>
    new Promise<unknown>((resolve, reject) => {
      queue.push({ script, keys, args, resolve, reject });
      if (queue.length === 1) setImmediate(flush);
    });

  return createScriptStore(
    {
      run,
      del: (key) => redis.del(key),
      ping: () => redis.ping(),
      close: async () => {},
    },
    clock,
  );
}
