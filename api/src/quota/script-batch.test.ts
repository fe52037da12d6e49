import { describe, expect, test } from "vitest";
import { type BatchedCall, batchScripts } from "./script-batch";
import { scripts } from "./scripts";

/** A sender that records each batch and answers every call with its first key. */
function recorder() {
  const batches: string[][] = [];
  const send = (calls: BatchedCall[]) => {
    batches.push(calls.map((c) => c.keys[0] as string));
    for (const call of calls) call.answer(call.keys[0]);
  };
  return { batches, send };
}

describe("batchScripts", () => {
  test("the calls of one turn of the event loop leave as one batch, each answered with its own reply", async () => {
    const { batches, send } = recorder();
    const run = batchScripts(send, async () => "by source");
    const replies = await Promise.all(["a", "b", "c"].map((k) => run(scripts.check, [k], [])));
    expect(replies).toEqual(["a", "b", "c"]);
    expect(batches).toEqual([["a", "b", "c"]]);
  });

  test("a full batch leaves at once; the rest of the turn follows at its end", async () => {
    const { batches, send } = recorder();
    const run = batchScripts(send, async () => "by source", 2);
    const pending = ["a", "b", "c", "d", "e"].map((k) => run(scripts.check, [k], []));
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
    const replies = await Promise.allSettled(["gone", "here", "bad"].map((k) => run(scripts.check, [k], [])));
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
      const results = await Promise.allSettled([failing(scripts.check, ["a"], []), failing(scripts.check, ["b"], [])]);
      expect(results).toEqual([
        { status: "rejected", reason: new Error("connection lost") },
        { status: "rejected", reason: new Error("connection lost") },
      ]);
    }
  });
});
