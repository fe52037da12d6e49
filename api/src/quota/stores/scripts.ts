// The Lua scripts of lua/, hashed once at start: Redis runs them by SHA, and by source after a NOSCRIPT; the check
// script also as a Redis Function where Redis has them (script-functions.ts). Their text comes from `#lua-sources`:
// read from the files on Node, bundled as text on the Worker (package.json imports).
import { createHash } from "node:crypto";
import { luaSources } from "#lua-sources";

/**
 * `merges`: the script takes any number of calls side by side (each call's keys and arguments after the last
 * one's) and replies with a list of one entry per call, so the calls of one batch can go as one (script-batch.ts).
 * Its reply to a single call is then a list of one entry.
 */
export type Script = { name: string; source: string; sha: string; merges?: boolean; fn?: ScriptFunction };

/**
 * A script as a Redis Function (Redis 7+): a library Redis keeps (in its data, on its replicas) and that runs the
 * script's top level once, so that a call runs only its `main`. By EVAL every call first makes the script's helpers,
 * tables and closures anew: a fixed cost that a take of a share (contract section 12) pays for one check. Named
 * by the script's SHA, so that the versions of a rolling deploy each keep their own.
 */
export type ScriptFunction = { name: string; library: string };

/** How a script that loads as a Function ends: its top level is the same either way. */
const ENTRY = "return main(KEYS, ARGV)";

export function functionOf(name: string, source: string, sha: string): ScriptFunction {
  const body = source.trimEnd();
  if (!body.endsWith(ENTRY)) throw new Error(`lua/${name}.lua must end with "${ENTRY}" to load as a Function`);
  const fn = `bouncer_${name}_${sha}`;
  // A library's own code runs where Redis offers no globals (not even math), so the script's top level runs on the
  // first call instead, and hands over its main.
  const library = [
    `#!lua name=${fn}`,
    "local run",
    `redis.register_function('${fn}', function(KEYS, ARGV)`,
    "  if not run then",
    "    run = (function()",
    `${body.slice(0, -ENTRY.length)}return main`,
    "    end)()",
    "  end",
    "  return run(KEYS, ARGV)",
    "end)",
  ].join("\n");
  return { name: fn, library };
}

/** The pieces scripts share: put in where a script says `-- @<piece>`, so that every script does that one way. */
type Piece = "days" | "clock";

/** A script's text, with the pieces it names put in. */
function load(
  name: Exclude<keyof typeof luaSources, Piece>,
  { merges, asFunction }: { merges?: boolean; asFunction?: boolean } = {},
): Script {
  const source = luaSources[name].replace(/^-- @(days|clock)$/gm, (_, piece: Piece) => luaSources[piece]);
  const sha = createHash("sha1").update(source).digest("hex");
  return { name, source, sha, merges, ...(asFunction ? { fn: functionOf(name, source, sha) } : {}) };
}

export const scripts = {
  check: load("check", { merges: true, asFunction: true }),
  history: load("history"),
  record: load("record"),
  reset: load("reset"),
  daily: load("daily"),
  boardMark: load("boardMark"),
  boardRead: load("boardRead"),
  presence: load("presence"),
};

/**
 * Redis has not seen the script (NOSCRIPT), or the function (after a restart without persistence, a flush, on a new
 * node): nothing ran, and the call can go again by source.
 */
export const notLoaded = (error: unknown) =>
  error instanceof Error && (error.message.includes("NOSCRIPT") || error.message.includes("Function not found"));

/** Runs a script by SHA or as a Function, sending its source only when this Redis has not seen it yet. */
export async function runScript<T>(loaded: () => Promise<T>, bySource: () => Promise<T>): Promise<T> {
  try {
    return await loaded();
  } catch (error) {
    if (notLoaded(error)) return bySource();
    throw error;
  }
}
