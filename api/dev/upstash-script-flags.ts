// Upstash accepts a Lua shebang flag that Redis refuses (`#!lua flags=allow-key-locking`, which lets scripts on
// different keys run side by side). @upstash/ratelimit sends it, so the endpoint drops it and answers by the SHA
// the client computed, as Upstash would.

import { createHash } from "node:crypto";
import type { Command } from "./upstash-command";

const UPSTASH_ONLY = /^#!lua flags=([^\n]*)\n/;
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

export function createScriptFlags() {
  // The SHA a client knows (of the script it sent) → the SHA Redis knows (of the script without the flag).
  const redisSha = new Map<string, string>();

  function withoutFlag(script: string): string {
    const match = script.match(UPSTASH_ONLY);
    if (!match) return script;
    const flags = (match[1] ?? "").split(",").filter((f) => f.trim() !== "allow-key-locking");
    const runnable = script.replace(UPSTASH_ONLY, flags.length > 0 ? `#!lua flags=${flags.join(",")}\n` : "#!lua\n");
    if (runnable !== script) redisSha.set(sha1(script), sha1(runnable));
    return runnable;
  }
  const mapSha = (sha: string | Buffer) => redisSha.get(String(sha).toLowerCase()) ?? sha;

  return {
    /** The command as Redis will take it. */
    rewrite(command: Command): Command {
      const [name, ...args] = command;
      const upper = name.toUpperCase();
      const sub = String(args[0] ?? "").toUpperCase();
      if ((upper === "EVAL" || upper === "EVAL_RO") && args[0] !== undefined) {
        return [name, withoutFlag(String(args[0])), ...args.slice(1)];
      }
      if ((upper === "EVALSHA" || upper === "EVALSHA_RO") && args[0] !== undefined)
        return [name, mapSha(args[0]), ...args.slice(1)];
      if (upper === "SCRIPT" && sub === "LOAD" && args[1] !== undefined)
        return [name, args[0] as string, withoutFlag(String(args[1]))];
      if (upper === "SCRIPT" && sub === "EXISTS") return [name, args[0] as string, ...args.slice(1).map(mapSha)];
      return command;
    },
    /** SCRIPT LOAD answers with the SHA of what the client sent, which is what it will ask for by EVALSHA. */
    reply(command: Command, reply: unknown): unknown {
      const [name, sub, script] = command;
      if (name.toUpperCase() === "SCRIPT" && String(sub).toUpperCase() === "LOAD" && script !== undefined) {
        return Buffer.from(sha1(String(script)));
      }
      return reply;
    },
  };
}
