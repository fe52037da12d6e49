// Runs @upstash/ratelimit on a self-hosted Redis: its scripts carry an Upstash-only shebang flag that Redis refuses.
import { createHash } from "node:crypto";
import type { Redis } from "@upstash/redis";

// `allow-key-locking` lets Upstash run scripts on different keys side by side; Redis, one script at a time anyway,
// answers "Unexpected flag in script shebang". Without the flag the script does the same on Redis.
const UPSTASH_ONLY_FLAG = /^#!lua flags=allow-key-locking\n/;

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/** The client with the flag dropped from every script, and each script's SHA mapped to that of what Redis holds. */
export function withoutUpstashOnlyFlags(redis: Redis): Redis {
  const shas = new Map<string, string>();
  const adapted: Pick<Redis, "eval" | "evalsha"> = {
    eval: (script, keys, args) => {
      const runnable = script.replace(UPSTASH_ONLY_FLAG, "#!lua\n");
      shas.set(sha1(script), sha1(runnable));
      return redis.eval(runnable, keys, args);
    },
    evalsha: (sha, keys, args) => redis.evalsha(shas.get(sha) ?? sha, keys, args),
  };
  return Object.assign(Object.create(redis) as Redis, adapted);
}
