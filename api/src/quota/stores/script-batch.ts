// Script calls that arrive in the same turn of the event loop leave together, as one pipeline: a busy server pays
// one write (or one HTTP request) for many checks. Calls of a script that merges (check.lua) go as one call of it,
// so Redis starts that script once per batch, not once per check; each check in it is still its own atomic step.
// The batch only holds calls and answers them: the store that queued them sends them and hands each reply back, and
// is told which calls to send again (by source, or one by one), so that the way always leads from the store here.
import { notLoaded, type Script } from "./scripts";

/**
 * What a call of a merging script shares with others: a list of arguments many calls hold alike (check.lua's limits,
 * the same for every customer on a plan), by identity, and the call's own. Alone, the call's arguments are
 * `["1", ...list, "1", ...own]`: one list, and the call holding list 1. Merged, each list goes once.
 */
export type SharedArgs = { list: readonly string[]; own: readonly string[] };

export type ScriptCall = { script: Script; keys: string[]; args: string[]; shared?: SharedArgs };

/** A call to send again: by its source (Redis had not loaded the script), or as it is (a merged call's part). */
export type Resend = { call: BatchedCall; bySource: boolean };

/** A call taken from a batch, for its store to send. */
export type BatchedCall = ScriptCall & {
  /**
   * Settles the call with the script's result, or the error Redis gave for it, and says which calls to send again:
   * after a NOSCRIPT the call itself, by source, once; after a merged call's CROSSSLOT (a Cluster behind one address,
   * which takes a script's keys only when they share a slot), each of its checks as it is, and no later batch merges.
   */
  answer(result: unknown, error?: Error): Resend[];
};

const NOTHING: Resend[] = [];

/**
 * A call as queued: what settles it at once, whatever the error, for a merged call to answer its parts with. A class
 * rather than closures made per call: `npm start` runs under tsx, which names each closure it makes at runtime, and
 * on the check's path that cost more than the batch's own work.
 */
class Queued implements BatchedCall {
  readonly script: Script;
  readonly keys: string[];
  readonly args: string[];
  readonly shared?: SharedArgs;
  #bySource = false;

  constructor(
    call: ScriptCall,
    private readonly resolve: (result: unknown) => void,
    private readonly reject: (error: Error) => void,
  ) {
    this.script = call.script;
    this.keys = call.keys;
    this.args = call.args;
    if (call.shared) this.shared = call.shared;
  }

  settle(result: unknown, error?: Error): void {
    if (error) this.reject(error);
    else this.resolve(result);
  }

  answer(result: unknown, error?: Error): Resend[] {
    if (error && notLoaded(error) && !this.#bySource) {
      this.#bySource = true;
      return [{ call: this, bySource: true }];
    }
    this.settle(result, error);
    return NOTHING;
  }
}

/** Calls queued until their store sends them. */
export class ScriptBatch {
  #queue: Queued[] = [];
  #merging = true;

  get size(): number {
    return this.#queue.length;
  }

  /** Queues the call; settled when its store hands back its reply (BatchedCall.answer). */
  add(call: ScriptCall): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.#queue.push(new Queued(call, resolve, reject));
    });
  }

  /** The calls queued, those of each merging script as one call; the queue starts afresh. */
  take(): BatchedCall[] {
    const calls = this.#queue;
    this.#queue = [];
    if (!this.#merging) return calls;
    const byScript = new Map<Script, Queued[]>();
    const out: BatchedCall[] = [];
    for (const call of calls) {
      if (!call.script.merges) out.push(call);
      else {
        const same = byScript.get(call.script);
        if (same) same.push(call);
        else byScript.set(call.script, [call]);
      }
    }
    for (const [script, same] of byScript) {
      out.push(same.length === 1 ? (same[0] as BatchedCall) : this.#oneCall(script, same));
    }
    return out;
  }

  /**
   * Several calls of a merging script as one: their keys side by side and their arguments merged, each given its
   * entry of the reply. Redis checks a call's slots before it looks for the script, but a proxy in front of a Cluster
   * may not: a merged call refused for its slots by source too goes apart.
   */
  #oneCall(script: Script, calls: Queued[]): BatchedCall {
    let bySource = false;
    // Not a closure bound to a name (see Queued): answer() below is the merged call's method, its `this` the call.
    const batch = this;
    return {
      script,
      keys: calls.flatMap((call) => call.keys),
      args: mergedArgs(calls),
      answer(result, error) {
        if (error?.message.includes("CROSSSLOT")) {
          batch.#merging = false;
          return calls.map((call) => ({ call, bySource: false }));
        }
        if (error && notLoaded(error) && !bySource) {
          bySource = true;
          return [{ call: this, bySource: true }];
        }
        if (!error && (!Array.isArray(result) || result.length !== calls.length)) {
          error = new Error(`unexpected reply from the counter store: ${JSON.stringify(result)}`);
        }
        // Each call is answered as if it had gone alone: with a list of its one entry, or with the error.
        calls.forEach((call, i) => {
          if (error) call.settle(undefined, error);
          else call.settle([(result as unknown[])[i]]);
        });
        return NOTHING;
      },
    };
  }
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
