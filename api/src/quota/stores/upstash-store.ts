// The counter store on Upstash Redis over REST, through @upstash/redis; on Node, checks that arrive together share
// one pipeline request (script-batch.ts), and on a Worker the calls of one request made through together() do.
import { Redis } from "@upstash/redis";
import type { CounterStore } from "../store";
import { type Resend, ScriptBatch } from "./script-batch";
import { createScriptStore, type ScriptClient } from "./script-store";
import { runScript } from "./scripts";

export type UpstashStoreOptions = {
  url: string;
  token: string;
  /** The budget of one store call (STORE_TIMEOUT_MS). */
  timeoutMs: number;
  /** Tests only: a fixed clock instead of Redis TIME. */
  clock?: () => number;
  /**
   * Whether checks of concurrent requests share one request to Upstash (the default). Not on a Worker: it cancels a
   * request whose answer waits on another request's I/O (issue 16: 48 of 50 concurrent checks answered 500). There
   * the calls of one request still share one through together().
   */
  mergeRequests?: boolean;
  /**
   * Whether each request is aborted once the budget has run out (the default). Not on a Worker: there the guard's
   * timer of each call's own (guard/call-timers.ts) answers by fail mode on time, and a request to Upstash still out
   * when the Worker answers is cancelled with the Worker's request (in workerd, its connection closed as the Worker
   * answered). The AbortSignal.timeout made per call cost 15-25 µs of workerd's CPU per check there, for nothing. On
   * Node the signal is what frees a hung request's connection.
   */
  abortAfterBudget?: boolean;
};

export function createUpstashStore({
  url,
  token,
  timeoutMs,
  clock,
  mergeRequests = true,
  abortAfterBudget = true,
}: UpstashStoreOptions): CounterStore {
  const redis = new Redis({
    url,
    token,
    // A fresh signal per request: each call gets the whole budget, no more.
    signal: abortAfterBudget ? () => AbortSignal.timeout(timeoutMs) : undefined,
    keepAlive: true,
    // Never send a request again: one whose answer was lost may have run, and its checks would count twice.
    // (`retry: false` still tries a failed fetch a second time in @upstash/redis 1.39; no retries means one try.)
    retry: { retries: 0 },
    // Script replies are numbers; there is nothing to JSON-parse.
    automaticDeserialization: false,
    // Replies as plain JSON, not base64 text to decode: every reply here is numbers, plain-text error messages,
    // "OK" or "PONG". Base64 is for binary values, and decoding it cost a TextDecoder per string.
    responseEncoding: false,
    // Each call its own request, sent at once: merging is done here, by script-batch.ts, where it is allowed, never
    // by the client behind our back (its auto-pipelining, on by default, would merge the calls made in one
    // microtask turn, even those of different requests on a Worker). On a Worker it also cost 65-95 µs of workerd's
    // CPU a check (two A/B runs): a pipeline object, POST /pipeline and an array of replies per call.
    enableAutoPipelining: false,
    enableTelemetry: false,
  });

  // Each call its own request: by SHA, and by source when this Redis has not seen the script yet.
  const alone: ScriptClient["run"] = (script, keys, args) =>
    runScript(
      () => redis.evalsha(script.sha, keys, args),
      () => redis.eval(script.source, keys, args),
    );

  /**
   * Calls queued in one turn of the event loop go as one pipeline request: every call's on Node, one request's on a
   * Worker. Those its replies say to send again (by source, after a SCRIPT FLUSH; a merged check's parts, apart) go
   * together in one more request, rather than one a call, which would pass a Worker's 50 subrequests.
   */
  const pipelined = (): ScriptClient["run"] => {
    const batch = new ScriptBatch();
    const exec = async (calls: Resend[]): Promise<void> => {
      const again: Resend[] = [];
      // Whatever fails, building the request or sending it, fails each of its calls: none is left unanswered.
      try {
        const pipeline = redis.pipeline();
        for (const { call, bySource } of calls) {
          if (bySource) pipeline.eval(call.script.source, call.keys, call.args);
          else pipeline.evalsha(call.script.sha, call.keys, call.args);
        }
        const replies = await pipeline.exec({ keepErrors: true });
        calls.forEach(({ call }, i) => {
          const reply = replies[i];
          const error = !reply
            ? new Error("the counter store sent no reply")
            : reply.error
              ? new Error(reply.error)
              : undefined;
          again.push(...call.answer(reply?.result, error));
        });
      } catch (error) {
        for (const { call } of calls) again.push(...call.answer(undefined, error as Error));
      }
      if (again.length > 0) await exec(again);
    };
    const flush = () => {
      if (batch.size > 0) void exec(batch.take().map((call) => ({ call, bySource: false })));
    };
    return (script, keys, args, shared) => {
      const answered = batch.add({ script, keys, args, shared });
      if (batch.size === 1) setImmediate(flush);
      return answered;
    };
  };
  const client = (run: ScriptClient["run"]): ScriptClient => ({ run, ping: () => redis.ping(), close: async () => {} });

  // Unmerged, a view's runner of its own merges only the calls made through it, which are one request's.
  return createScriptStore(
    mergeRequests ? client(pipelined()) : { ...client(alone), together: () => client(pipelined()) },
    { timeoutMs, clock },
  );
}
