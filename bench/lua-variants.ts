// Redis CPU per check of variants of lua/check.lua, side by side: how the leases bench's profile was made (bench/README,
// Leases). Each file given is loaded as a Function of its own in one redis-server and called the way the Redis store
// calls check.lua (the checks of one turn merged into one FCALL, at most 16, 64 in flight), through the store's own
// argument building and reply reading (createScriptStore). For each, in interleaved rounds: checks of a plan without
// `concurrent`, checks that each take a lease on the same limits with one, then the releases of those leases.
//
//   node --import tsx bench/lua-variants.ts lua/check.lua /tmp/variant.lua …   (ROUNDS=7 PASSES=10 by default)
//
// A variant that leaves out part of the lease path (a ZCOUNT, a ZADD) answers wrongly: this measures cost, nothing
// else. The first round is a warm-up and is not counted.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { Redis } from "ioredis";
import { startRedis } from "../api/dev/redis-server";
import { newLeaseId } from "../api/src/quota/lease-id";
import { DEFAULT_LEASE_MS } from "../api/src/quota/limiter";
import { luaSources } from "../api/src/quota/stores/lua-sources";
import { MAX_BATCH } from "../api/src/quota/stores/redis-store";
import { type BatchedCall, ScriptBatch } from "../api/src/quota/stores/script-batch";
import { createScriptStore } from "../api/src/quota/stores/script-store";
import { functionOf, type Script } from "../api/src/quota/stores/scripts";
import { testSpec } from "../api/src/quota/testing/test-spec";
import { parseRedisCpuUs } from "./redis-commands";
import { median } from "./stats";

const files = process.argv.slice(2);
if (files.length === 0) throw new Error("usage: node --import tsx bench/lua-variants.ts FILE.lua [FILE.lua …]");
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const PASSES = Number(process.env.PASSES ?? 10);
const CUSTOMERS = 1000;
const IN_FLIGHT = 64;

/** A variant as scripts.ts makes check.lua: the pieces put in, and a Function library named by its SHA. */
function scriptOf(file: string): Script & { fn: { name: string; library: string } } {
  const source = readFileSync(file, "utf8").replace(
    /^-- @(days|clock)$/gm,
    (_, piece: "days" | "clock") => luaSources[piece],
  );
  const sha = createHash("sha1").update(source).digest("hex");
  // Loaded as scripts.ts loads check.lua, as a Function of its own named by its SHA.
  return { name: "check", source, sha, merges: true, fn: functionOf("variant", source, sha) };
}

async function many(n: number, one: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < n) await one(next++);
    }),
  );
}

const redis = await startRedis();
const client = new Redis(redis.url);
const info = new Redis(redis.url);
try {
  // A store per variant, sending as the Redis store does: the calls of one turn of the event loop merged by
  // script-batch.ts and written together, a batch sent as soon as it holds MAX_BATCH.
  const variants = [];
  for (const [n, file] of files.entries()) {
    const script = scriptOf(file);
    await client.function("LOAD", "REPLACE", script.fn.library);
    const batch = new ScriptBatch();
    const deliver = (call: BatchedCall) =>
      client.fcall(script.fn.name, call.keys.length, ...call.keys, ...call.args).then(
        (reply) => call.answer(reply),
        (error: Error) => call.answer(undefined, error),
      );
    const flush = () => {
      if (batch.size === 0) return;
      client.stream?.cork();
      for (const call of batch.take()) void deliver(call);
      client.stream?.uncork();
    };
    const store = createScriptStore({
      run: (_script, keys, args, shared) => {
        const answered = batch.add({ script, keys, args, shared });
        if (batch.size === 1) setImmediate(flush);
        else if (batch.size >= MAX_BATCH) flush();
        return answered;
      },
      ping: () => client.ping(),
      close: async () => {},
    });
    variants.push({
      file,
      prefix: `v${n}`,
      store,
      plain: [] as number[],
      lease: [] as number[],
      release: [] as number[],
    });
  }
  const limits = { capacity: 1e9, perMinute: 1e9, hour: 1e9, day: 1e9, week: 1e9, month: 1e9 };
  const plain = testSpec(limits);
  const leased = testSpec({ ...limits, concurrent: 1000 });
  const cpu = async () => parseRedisCpuUs(await info.info("cpu"));

  for (let round = 0; round <= ROUNDS; round++) {
    for (const v of round % 2 ? [...variants].reverse() : variants) {
      const spent = { plain: 0, lease: 0, release: 0 };
      for (let pass = 0; pass < PASSES; pass++) {
        let at = await cpu();
        const lap = async (side: keyof typeof spent) => {
          const now = await cpu();
          spent[side] += now - at;
          at = now;
        };
        await many(CUSTOMERS, async (i) => {
          await v.store.check(`${v.prefix}-plain-${i}`, plain, 1);
        });
        await lap("plain");
        const ids: string[] = [];
        await many(CUSTOMERS, async (i) => {
          const id = newLeaseId(false);
          await v.store.check(`${v.prefix}-leased-${i}`, leased, 1, { id, ttlMs: DEFAULT_LEASE_MS, reserve: false });
          ids[i] = id;
        });
        await lap("lease");
        await many(CUSTOMERS, async (i) => {
          await v.store.release(`${v.prefix}-leased-${i}`, leased, ids[i] as string);
        });
        await lap("release");
      }
      if (round === 0) continue;
      const checks = PASSES * CUSTOMERS;
      v.plain.push(spent.plain / checks);
      v.lease.push(spent.lease / checks);
      v.release.push(spent.release / checks);
    }
  }
  console.log(`Redis CPU per operation, µs (medians of ${ROUNDS} rounds of ${PASSES * CUSTOMERS} each)`);
  for (const v of variants) {
    const ratios = v.lease.map((x, i) => x / (v.plain[i] as number));
    console.log(
      `${v.file}\n  plain ${median(v.plain).toFixed(2)}  lease ${median(v.lease).toFixed(2)}  release ${median(v.release).toFixed(2)}  lease/plain ${median(ratios).toFixed(3)} (rounds ${ratios.map((x) => x.toFixed(2)).join(" ")})`,
    );
  }
} finally {
  client.disconnect();
  info.disconnect();
  await redis.stop();
}
