// Script calls that arrive in the same turn of the event loop leave together, as one pipeline: each is still its
// own atomic script in Redis, but a busy server pays one write (or one HTTP request) for many checks. A batch can
// also leave once it holds `maxBatch` calls, so Redis starts on them while the server still reads the rest.
import type { Script } from "./scripts";

export type ScriptCall = { script: Script; keys: string[]; args: string[] };

/** A call in a batch, which the sender answers with the script's result or the error Redis gave for it. */
export type BatchedCall = ScriptCall & { answer(result: unknown, error?: Error): void };

/**
 * `sendBySha` sends a batch by EVALSHA and answers each call as its reply comes; `sendSource` runs one call by its
 * source, for a Redis that has not seen the script yet (after a restart, say). A send that fails fails each call.
 */
export function batchScripts(
  sendBySha: (calls: BatchedCall[]) => void | Promise<void>,
  sendSource: (call: ScriptCall) => Promise<unknown>,
  maxBatch = Number.POSITIVE_INFINITY,
): (script: Script, keys: string[], args: string[]) => Promise<unknown> {
  let queue: BatchedCall[] = [];

  function flush(): void {
    // Already sent, because the batch filled up before the turn ended.
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    // A call already answered ignores the rejection.
    const fail = (error: unknown) => {
      for (const call of batch) call.answer(undefined, error instanceof Error ? error : new Error(String(error)));
    };
    try {
      sendBySha(batch)?.catch(fail);
    } catch (error) {
      fail(error);
    }
  }

  return (script, keys, args) =>
    new Promise((resolve, reject) => {
      queue.push({
        script,
        keys,
        args,
        answer(result, error) {
          if (!error) resolve(result);
          else if (error.message.includes("NOSCRIPT")) sendSource(this).then(resolve, reject);
          else reject(error);
        },
      });
      if (queue.length === 1) setImmediate(flush);
      else if (queue.length >= maxBatch) flush();
    });
}
