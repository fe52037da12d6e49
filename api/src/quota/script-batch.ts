// Script calls that arrive in the same turn of the event loop leave together, as one pipeline: each is still its
// own atomic script in Redis, but a busy server pays one write (or one HTTP request) for many checks. A batch can
// also leave once it holds `maxBatch` calls, so Redis starts on them while the server still reads the rest.
import type { Script } from "./scripts";

export type ScriptCall = { script: Script; keys: string[]; args: string[] };
export type ScriptReply = { result?: unknown; error?: Error };

type Queued = ScriptCall & { resolve(value: unknown): void; reject(error: unknown): void };

/**
 * `sendBySha` runs a batch by EVALSHA and answers one reply per call; `sendSource` runs one call by its source,
 * for a Redis that has not seen the script yet (after a restart, say).
 */
export function batchScripts(
  sendBySha: (calls: ScriptCall[]) => Promise<ScriptReply[]>,
  sendSource: (call: ScriptCall) => Promise<unknown>,
  maxBatch = Number.POSITIVE_INFINITY,
): (script: Script, keys: string[], args: string[]) => Promise<unknown> {
  let queue: Queued[] = [];

  async function flush(): Promise<void> {
    // Already sent, because the batch filled up before the turn ended.
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    let replies: ScriptReply[];
    try {
      replies = await sendBySha(batch);
    } catch (error) {
      for (const call of batch) call.reject(error);
      return;
    }
    batch.forEach((call, i) => {
      const reply = replies[i];
      if (!reply) call.reject(new Error("the counter store sent no reply"));
      else if (!reply.error) call.resolve(reply.result);
      else if (reply.error.message.includes("NOSCRIPT")) sendSource(call).then(call.resolve, call.reject);
      else call.reject(reply.error);
    });
  }

  return (script, keys, args) =>
    new Promise((resolve, reject) => {
      queue.push({ script, keys, args, resolve, reject });
      if (queue.length === 1) setImmediate(flush);
      else if (queue.length >= maxBatch) void flush();
    });
}
