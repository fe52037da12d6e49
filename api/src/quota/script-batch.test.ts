import { describe, expect, test } from "vitest";
import { batchScripts, type ScriptCall } from "./script-batch";
import { scripts } from "./scripts";

/** A sender that records each batch and answers every call with its first key. */
function recorder() {
  const batches: string[][] = [];
  const send = async (calls: ScriptCall[]) => {
    batches.push(calls.map((c) => c.keys[0] as string));
    return calls.map((c) => ({ result: c.keys[0] }));
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

  test("a call Redis has no script for is sent again by source; a failed batch fails each of its calls", async () => {
    const run = batchScripts(
      async (calls) =>
        calls.map((c) => (c.keys[0] === "gone" ? { error: new Error("NOSCRIPT No matching script") } : { result: 1 })),
      async (call) => `source for ${call.keys[0]}`,
    );
    expect(await Promise.all([run(scripts.check, ["gone"], []), run(scripts.check, ["here"], [])])).toEqual([
      "source for gone",
      1,
    ]);
    const failing = batchScripts(
      async () => {
        throw new Error("connection lost");
      },
      async () => 0,
    );
    const results = await Promise.allSettled([failing(scripts.check, ["a"], []), failing(scripts.check, ["b"], [])]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });
});
