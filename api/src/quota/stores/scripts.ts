// The Lua scripts of lua/, hashed once at start: Redis runs them by SHA, and by source after a NOSCRIPT. Their text
// comes from `#lua-sources`: read from the files on Node, bundled as text on the Worker (package.json imports).
import { createHash } from "node:crypto";
import { luaSources } from "#lua-sources";

/**
 * `merges`: the script takes any number of calls side by side (each call's keys and arguments after the last
 * one's) and replies with a list of one entry per call, so the calls of one batch can go as one (script-batch.ts).
 * Its reply to a single call is then a list of one entry.
 */
export type Script = { name: string; source: string; sha: string; merges?: boolean };

/** The pieces scripts share: put in where a script says `-- @<piece>`, so that every script does that one way. */
type Piece = "days" | "clock";

/** A script's text, with the pieces it names put in. */
function load(name: Exclude<keyof typeof luaSources, Piece>, options: { merges?: boolean } = {}): Script {
  const source = luaSources[name].replace(/^-- @(days|clock)$/gm, (_, piece: Piece) => luaSources[piece]);
  return { name, source, sha: createHash("sha1").update(source).digest("hex"), ...options };
}

export const scripts = {
  check: load("check", { merges: true }),
  history: load("history"),
  record: load("record"),
  reset: load("reset"),
  daily: load("daily"),
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
