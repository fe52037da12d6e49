// The counter store on Upstash Redis over REST, through @upstash/redis; on Node, checks that arrive together share
// one pipeline request (script-batch.ts).
import { Redis } from "@upstash/redis";
import { batchScripts, type ScriptCall } from "./script-batch";
import { createScriptStore, type ScriptClient } from "./script-store";
import { runScript } from "./scripts";
import type { CounterStore } from "./store";

export type UpstashStoreOptions = {
  url: string;
  token: string;
  /** The budget of one store call (STORE_TIMEOUT_MS), enforced by aborting the request. */
  timeoutMs: number;
  /** Tests only: a fixed clock instead of Redis TIME. */
  clock?: () => number;
  /**
   * Whether checks of concurrent requests share one request to Upstash (the default). Not on a Worker: it cancels a
   * request whose answer waits on another request's I/O (issue 16: 48 of 50 concurrent checks answered 500).
   */
  mergeRequests?: boolean;
};

export function createUpstashStore({
  url,
  token,
  timeoutMs,
  clock,
  mergeRequests = true,
}: UpstashStoreOptions): CounterStore {
  const redis = new Redis({
    url,
    token,
    // A fresh signal per request: each call gets the whole budget, no more.
    signal: () => AbortSignal.timeout(timeoutMs),
    keepAlive: true,
    // Never send a request again: one whose answer was lost may have run, and its checks would count twice.
    // (`retry: false` still tries a failed fetch a second time in @upstash/redis 1.39; no retries means one try.)
    retry: { retries: 0 },
    // Script replies are numbers; there is nothing to JSON-parse.
    automaticDeserialization: false,
    enableTelemetry: false,
  });

  const evalSource = (call: ScriptCall) => redis.eval(call.script.source, call.keys, call.args);
  // Each call its own request: by SHA, and by source when this Redis has not seen the script yet.
  const alone: ScriptClient["run"] = (script, keys, args) =>
    runScript(
      script,
      (sha) => redis.evalsha(sha, keys, args),
      () => evalSource({ script, keys, args }),
    );

  const run = mergeRequests
    ? batchScripts(async (calls) => {
        const pipeline = redis.pipeline();
        for (const call of calls) pipeline.evalsha(call.script.sha, call.keys, call.args);
        const replies = await pipeline.exec({ keepErrors: true });
        calls.forEach((call, i) => {
          const reply = replies[i];
          if (!reply) call.answer(undefined, new Error("the counter store sent no reply"));
          else call.answer(reply.result, reply.error ? new Error(reply.error) : undefined);
        });
      }, evalSource)
    : alone;

  return createScriptStore(
    {
      run,
      hdel: (key, fields) => redis.hdel(key, ...fields),
      ping: () => redis.ping(),
      close: async () => {},
    },
    clock,
  );
}
