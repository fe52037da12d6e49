// Script calls that arrive in the same turn of the event loop leave together, as one pipeline: a busy server pays
// one write (or one HTTP request) for many checks. Calls of a script that merges (check.lua) go as one call of it,
// so Redis starts that script once per batch, not once per check; each check in it is still its own atomic step.
// A batch can also leave once it holds `maxBatch` calls, so Redis starts on them while the server reads the rest.
import { notLoaded, type Script } from "./scripts";

/**
 * What a call of a merging script shares with others: a list of arguments many calls hold alike (check.lua's limits,
 * the same for every customer on a plan), by identity, and the call's own. Alone, the call's arguments are
 * `["1", ...list, "1", ...own]`: one list, and the call holding list 1. Merged, each list goes once.
 */
export type SharedArgs = { list: readonly string[]; own: readonly string[] };

export type ScriptCall = { script: Script; keys: string[]; args: string[]; shared?: SharedArgs };

/** A call in a batch, which the sender answers with the script's result or the error Redis gave for it. */
export type BatchedCall = ScriptCall & { answer(result: unknown, error?: Error): void };

/**
 * `sendLoaded` sends a batch by SHA (or as Functions) and answers each call as its reply comes; `sendSource` runs one
 * call by its source, for a Redis that has not seen the script yet (after a restart, say). A send that fails fails
 * each call.
 */
export function batchScripts(
  sendLoaded: (calls: BatchedCall[]) => void | Promise<void>,
  sendSource: (call: ScriptCall) => Promise<unknown>,
  maxBatch = Number.POSITIVE_INFINITY,
): (script: Script, keys: string[], args: string[], shared?: SharedArgs) => Promise<unknown> {
  let queue: BatchedCall[] = [];
  // A Cluster behind one address (ElastiCache Serverless, a cluster proxy) takes a script's keys only when they
  // share a slot, and refuses a merged call with CROSSSLOT: its checks then go again one by one, and no later
  // batch is merged.
  let merging = true;
  const apart = (calls: BatchedCall[]) => {
    merging = false;
    send(calls);
  };

  function flush(): void {
    // Already sent, because the batch filled up before the turn ended.
    if (queue.length === 0) return;
    const batch = merging ? merged(queue) : queue;
    queue = [];
    send(batch);
  }

  function send(batch: BatchedCall[]): void {
    // A call already answered ignores the rejection.
    const fail = (error: unknown) => {
      for (const call of batch) call.answer(undefined, error instanceof Error ? error : new Error(String(error)));
    };
    try {
      sendLoaded(batch)?.catch(fail);
    } catch (error) {
      fail(error);
    }
  }

  /** The calls of one batch with those of each merging script as one call. */
  function merged(calls: BatchedCall[]): BatchedCall[] {
    const byScript = new Map<Script, BatchedCall[]>();
    const out: BatchedCall[] = [];
    for (const call of calls) {
      if (!call.script.merges) out.push(call);
      else {
        const same = byScript.get(call.script);
        if (same) same.push(call);
        else byScript.set(call.script, [call]);
      }
    }
    for (const [script, same] of byScript)
      out.push(same.length === 1 ? (same[0] as BatchedCall) : oneCall(script, same, apart, sendSource));
    return out;
  }

  return (script, keys, args, shared) =>
    new Promise((resolve, reject) => {
      queue.push({
        script,
        keys,
        args,
        shared,
        answer(result, error) {
          if (!error) resolve(result);
          else if (notLoaded(error)) sendSource(this).then(resolve, reject);
          else reject(error);
        },
      });
      if (queue.length === 1) setImmediate(flush);
      else if (queue.length >= maxBatch) flush();
    });
}

/**
 * The arguments of several calls as one call: each shared list once, numbered in the order first met, then each
 * call's number and own arguments; or, for calls that share nothing, their arguments side by side.
 */
function mergedArgs(calls: BatchedCall[]): string[] {
  if (!calls.every((call) => call.shared)) return calls.flatMap((call) => call.args);
  const numbers = new Map<readonly string[], string>();
  const lists: string[] = [];
  const own: string[] = [];
  for (const call of calls) {
    const { list, own: mine } = call.shared as SharedArgs;
    let n = numbers.get(list);
    if (n === undefined) {
      n = String(numbers.size + 1);
      numbers.set(list, n);
      for (const arg of list) lists.push(arg);
    }
    own.push(n);
    for (const arg of mine) own.push(arg);
  }
  return [String(numbers.size), ...lists, ...own];
}

/**
 * Several calls of a merging script as one: their keys side by side and their arguments merged, each given its entry
 * of the reply. A Redis that has not seen the script gets the merged call by source, once; refused for keys of several
 * slots, the calls go to `apart` to be sent one by one.
 */
function oneCall(
  script: Script,
  calls: BatchedCall[],
  apart: (calls: BatchedCall[]) => void,
  bySource: (call: ScriptCall) => Promise<unknown>,
): BatchedCall {
  const merged: BatchedCall = {
    script,
    keys: calls.flatMap((call) => call.keys),
    args: mergedArgs(calls),
    answer(result, error) {
      // By source too, the call may be refused for its slots: Redis checks them before it looks for the script,
      // a proxy in front of a Cluster may not.
      if (notLoaded(error)) bySource(merged).then(share, (failed: Error) => settle(undefined, failed));
      else settle(result, error);
    },
  };
  function settle(result: unknown, error?: Error): void {
    if (error?.message.includes("CROSSSLOT")) apart(calls);
    else share(result, error);
  }
  // Each call is answered as if it had gone alone: with a list of its one entry, or with the error.
  function share(result: unknown, error?: Error): void {
    if (!error && (!Array.isArray(result) || result.length !== calls.length)) {
      error = new Error(`unexpected reply from the counter store: ${JSON.stringify(result)}`);
    }
    calls.forEach((call, i) => {
      if (error) call.answer(undefined, error);
      else call.answer([(result as unknown[])[i]]);
    });
  }
  return merged;
}
