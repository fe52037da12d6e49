// The Lua scripts of lua/, read and hashed once at start: Redis runs them by SHA, and by source after a NOSCRIPT.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

export type Script = { name: string; source: string; sha: string };

function load(name: string): Script {
  const source = readFileSync(new URL(`../../../lua/${name}.lua`, import.meta.url), "utf8");
  return { name, source, sha: createHash("sha1").update(source).digest("hex") };
}

export const scripts = {
  check: load("check"),
  history: load("history"),
  recordDenials: load("record-denials"),
};

/** Runs a script by SHA, sending its source only when this Redis has not seen it yet (after a restart, say). */
export async function runScript<T>(
  script: Script,
  evalsha: (sha: string) => Promise<T>,
  evalSource: (source: string) => Promise<T>,
): Promise<T> {
  try {
    return await evalsha(script.sha);
  } catch (error) {
    if (error instanceof Error && error.message.includes("NOSCRIPT")) return evalSource(script.source);
    throw error;
  }
}
