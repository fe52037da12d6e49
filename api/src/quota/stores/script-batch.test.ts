import { describe, expect, test } from "vitest";
import { type BatchedCall, type Resend, ScriptBatch, type ScriptCall, type SharedArgs } from "./script-batch";
import { type Script, scripts } from "./scripts";

/** A call as a test's sender sees it: answered with its reply or error, as Redis would answer it. */
type SentCall = ScriptCall & { answer(result: unknown, error?: Error): void };

/**
 * A store over a batch, as redis-store.ts drives one: calls queued in a turn leave together at its end (or at once
 * when `maxBatch` are queued) through `sendLoaded`, and each call's reply goes back to the batch, which says what to
 * send again: by source (`sendSource`), or as it is.
 */
function batchScripts(
  sendLoaded: (calls: SentCall[]) => void | Promise<void>,
  sendSource: (call: ScriptCall) => Promise<unknown>,
  maxBatch = Number.POSITIVE_INFINITY,
): (script: Script, keys: string[], args: string[], shared?: SharedArgs) => Promise<unknown> {
  const batch = new ScriptBatch();
  const resend = (again: Resend[]) => {
    for (const { call, bySource } of again) {
      if (bySource) {
        sendSource(call).then(
          (result) => resend(call.answer(result)),
          (error: Error) => resend(call.answer(undefined, error)),
        );
      } else send([call]);
    }
  };
  const send = (calls: BatchedCall[]) => {
    const sent = calls.map((call) => ({
      ...call,
      answer: (result: unknown, error?: Error) => resend(call.answer(result, error)),
    }));
    const fail = (error: unknown) => {
      for (const call of calls) resend(call.answer(undefined, error as Error));
    };
    try {
      sendLoaded(sent)?.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
  const flush = () => {
    if (batch.size > 0) send(batch.take());
  };
  return (script, keys, args, shared) => {
    const answered = batch.add({ script, keys, args, shared });
    if (batch.size === 1) setImmediate(flush);
    else if (batch.size >= maxBatch) flush();
    return answered;
  };
}

/** A sender that records each batch and answers every call with its first key. */
function recorder() {
  const batches: string[][] = [];
  const send = (calls: SentCall[]) => {
    batches.push(calls.map((c) => c.keys[0] as string));
    for (const call of calls) call.answer(call.keys[0]);
  };
  return { batches, send };
}

describe("a batch of script calls", () => {
  // check.lua merges: the checks of one batch go as one call of it, each answered with its entry of the reply.
  test("calls of a merging script leave as one call, keys and arguments side by side; other calls stay apart", async () => {
    const sent: { script: string; keys: string[]; args: string[] }[] = [];
    const run = batchScripts(
      (calls) => {
        for (const call of calls) {
          sent.push({ script: call.script.name, keys: call.keys, args: call.args });
          // Like check.lua: one entry per key; like history.lua: one reply.
          call.answer(call.script.merges ? call.keys.map((k) => `entry ${k}`) : `history ${call.keys[0]}`);
        }
      },
      async () => "by source",
    );
    const replies = await Promise.all([
      run(scripts.check, ["a"], ["1", "2"]),
      run(scripts.history, ["h"], ["60"]),
      run(scripts.check, ["b"], ["3", "4"]),
      run(scripts.check, ["c"], ["5", "6"]),
    ]);
    // Each check gets what it would have got alone: a list of its one entry.
    expect(replies).toEqual([["entry a"], "history h", ["entry b"], ["entry c"]]);
    expect(sent).toEqual([
      { script: "history", keys: ["h"], args: ["60"] },
      { script: "check", keys: ["a", "b", "c"], args: ["1", "2", "3", "4", "5", "6"] },
    ]);

    // A check alone in its batch goes as it is.
    sent.length = 0;
    expect(await run(scripts.check, ["d"], ["7"])).toEqual(["entry d"]);
    expect(sent).toEqual([{ script: "check", keys: ["d"], args: ["7"] }]);
  });

  test("a merged call's error fails each of its checks; after a NOSCRIPT it goes again by source, once", async () => {
    for (const [error, expected] of [
      [new Error("ERR wrong type"), "rejected"],
      [new Error("NOSCRIPT No matching script"), "fulfilled"],
    ] as const) {
      const bySource: string[][] = [];
      const run = batchScripts(
        (calls) => {
          for (const call of calls) call.answer(undefined, error);
        },
        async (call) => {
          bySource.push(call.keys);
          return call.keys.map((k) => `by source ${k}`);
        },
      );
      const results = await Promise.allSettled(["a", "b"].map((k) => run(scripts.check, [k], [])));
      if (expected === "rejected") {
        expect(results).toEqual([
          { status: "rejected", reason: error },
          { status: "rejected", reason: error },
        ]);
        expect(bySource).toEqual([]);
      } else {
        expect(results).toEqual([
          { status: "fulfilled", value: ["by source a"] },
          { status: "fulfilled", value: ["by source b"] },
        ]);
        expect(bySource).toEqual([["a", "b"]]);
      }
    }
  });

  test("refused with CROSSSLOT (a Cluster behind one address), a merged call's checks go again one by one, and merging stops", async () => {
    const crossSlot = () => new Error("CROSSSLOT Keys in request don't hash to the same slot");
    // Refused at once, or first NOSCRIPT and then refused by source: Redis checks slots before it looks for the
    // script, a proxy in front of a Cluster may not.
    for (const refusal of [crossSlot(), new Error("NOSCRIPT No matching script")]) {
      const sent: string[][] = [];
      const run = batchScripts(
        (calls) => {
          for (const call of calls) {
            sent.push(call.keys);
            if (call.keys.length > 1) call.answer(undefined, refusal);
            else call.answer([`entry ${call.keys[0]}`]);
          }
        },
        async (call) => {
          if (call.keys.length > 1) throw crossSlot();
          return [`by source ${call.keys[0]}`];
        },
      );
      const first = await Promise.all(["a", "b"].map((k) => run(scripts.check, [k], [])));
      expect(first, refusal.message).toEqual([["entry a"], ["entry b"]]);
      const later = await Promise.all(["c", "d"].map((k) => run(scripts.check, [k], [])));
      expect(later, refusal.message).toEqual([["entry c"], ["entry d"]]);
      expect(sent, refusal.message).toEqual([["a", "b"], ["a"], ["b"], ["c"], ["d"]]);
    }
  });

  test("a merged call's reply without one entry per check fails each check, with the reply in the message", async () => {
    const run = batchScripts(
      (calls) => {
        for (const call of calls) call.answer(["only one"]);
      },
      async () => "by source",
    );
    const results = await Promise.allSettled(["a", "b"].map((k) => run(scripts.check, [k], [])));
    const failed = new Error('unexpected reply from the counter store: ["only one"]');
    expect(results).toEqual([
      { status: "rejected", reason: failed },
      { status: "rejected", reason: failed },
    ]);
  });

  test("the calls of one turn of the event loop leave as one batch, each answered with its own reply", async () => {
    const { batches, send } = recorder();
    const run = batchScripts(send, async () => "by source");
    const replies = await Promise.all(["a", "b", "c"].map((k) => run(scripts.history, [k], [])));
    expect(replies).toEqual(["a", "b", "c"]);
    expect(batches).toEqual([["a", "b", "c"]]);
  });

  test("a full batch leaves at once; the rest of the turn follows at its end", async () => {
    const { batches, send } = recorder();
    const run = batchScripts(send, async () => "by source", 2);
    const pending = ["a", "b", "c", "d", "e"].map((k) => run(scripts.history, [k], []));
    // Sent before the turn ends: nothing waited for setImmediate.
    expect(batches).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(await Promise.all(pending)).toEqual(["a", "b", "c", "d", "e"]);
    expect(batches).toEqual([["a", "b"], ["c", "d"], ["e"]]);
  });

  test("a call Redis has no script for is sent again by source; a failed send fails each of its calls", async () => {
    const run = batchScripts(
      (calls) => {
        for (const call of calls) {
          if (call.keys[0] === "gone") call.answer(undefined, new Error("NOSCRIPT No matching script"));
          else if (call.keys[0] === "bad") call.answer(undefined, new Error("ERR wrong type"));
          else call.answer(1);
        }
      },
      async (call) => `source for ${call.keys[0]}`,
    );
    const replies = await Promise.allSettled(["gone", "here", "bad"].map((k) => run(scripts.history, [k], [])));
    expect(replies).toEqual([
      { status: "fulfilled", value: "source for gone" },
      { status: "fulfilled", value: 1 },
      { status: "rejected", reason: new Error("ERR wrong type") },
    ]);
    for (const send of [
      async () => {
        throw new Error("connection lost");
      },
      () => {
        throw new Error("connection lost");
      },
    ]) {
      const failing = batchScripts(send, async () => 0);
      const results = await Promise.allSettled([
        failing(scripts.history, ["a"], []),
        failing(scripts.history, ["b"], []),
      ]);
      expect(results).toEqual([
        { status: "rejected", reason: new Error("connection lost") },
        { status: "rejected", reason: new Error("connection lost") },
      ]);
    }
  });
});
