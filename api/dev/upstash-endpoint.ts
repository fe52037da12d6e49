// An Upstash-REST-compatible HTTP endpoint in front of a real redis-server, for tests and local development.

import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { serve } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { Redis, ReplyError } from "ioredis";
import { blocks, createDedicatedConnections } from "./upstash-blocking";
import type { Command } from "./upstash-command";
import { bulk, errorReply, rawReplies } from "./upstash-resp2";
import { createScriptFlags } from "./upstash-script-flags";
import { createSyncTokens } from "./upstash-sync-token";

export type UpstashEndpoint = {
  url: string;
  token: string;
  port: number;
  close(): Promise<void>;
  setDelay(ms: number): void;
  /** How many HTTP requests it has received: a pipeline is one, as it is one subrequest of a Worker. */
  requests(): number;
};

// Requests share one connection (blocking ones aside), so commands that would change its state for everyone else
// are refused, as Upstash refuses them.
const CONNECTION_STATE_COMMANDS = new Set([
  "MULTI",
  "EXEC",
  "DISCARD",
  "WATCH",
  "UNWATCH",
  "SUBSCRIBE",
  "PSUBSCRIBE",
  "SSUBSCRIBE",
  "MONITOR",
  "SELECT",
  "QUIT",
  "RESET",
]);

const isArgument = (v: unknown): v is string | number | boolean =>
  typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/** A JSON command such as `["SET", "k", 1]` with every argument as a string, or undefined if it is not one. */
function toCommand(value: unknown): Command | undefined {
  if (!Array.isArray(value) || !value.every(isArgument)) return undefined;
  const [name, ...args] = value.map(String);
  return name === undefined ? undefined : [name, ...args];
}

function refusal(commands: Command[]): string | undefined {
  const name = commands.map(([n]) => n.toUpperCase()).find((n) => CONNECTION_STATE_COMMANDS.has(n));
  return name && `ERR ${name} is not supported by this endpoint: requests share one Redis connection`;
}

/** A Redis reply as Upstash writes it: strings (here Buffers) as UTF-8 text or base64 at every depth, the rest as is. */
function toJson(reply: unknown, base64: boolean): unknown {
  if (Buffer.isBuffer(reply)) return reply.toString(base64 ? "base64" : "utf8");
  // A reply error below the top level (a script's table holding redis.error_reply) has no {"error"} slot of its own
  // in Upstash's JSON: it is its message, a string like any other (and base64 with the rest). @upstash/redis and
  // upstash-redis decode only strings, numbers, null and arrays inside a result.
  if (reply instanceof Error) return toJson(Buffer.from(reply.message), base64);
  if (Array.isArray(reply)) return reply.map((r) => toJson(r, base64));
  return reply;
}

const OK = Buffer.from("OK");

/** A command's whole result: under base64 Upstash leaves a bare "OK" as it is, and @upstash/redis relies on that. */
function toResult(reply: unknown, base64: boolean): unknown {
  return base64 && Buffer.isBuffer(reply) && reply.equals(OK) ? "OK" : toJson(reply, base64);
}

/**
 * `?EX=100&NX` as `EX 100 NX`: Upstash appends query parameters to a path-form command, after the path's arguments
 * and the body, so that `POST /set/k?EX=100` with a value in the body is `SET k <value> EX 100`. `_token` is the
 * credential, not an argument.
 */
function queryArguments(url: URL): string[] {
  const args: string[] = [];
  for (const [name, value] of url.searchParams) {
    if (name === "_token") continue;
    args.push(name);
    if (value !== "") args.push(value);
  }
  return args;
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text());
  } catch {
    return undefined;
  }
}

const ALLOWED = "HEAD, GET, POST, PUT";

/**
 * A Hono app speaking Upstash's REST protocol to `redis`; `delayMs` is read on every request. Blocking commands get
 * connections of their own from `dedicated`, which the caller closes with the app.
 */
export function createUpstashApp(options: {
  redis: Redis;
  token: string;
  dedicated: ReturnType<typeof createDedicatedConnections>;
  delayMs?: () => number;
}): Hono {
  const { redis, token, dedicated, delayMs = () => 0 } = options;
  // Hashing both sides gives equal lengths, so timingSafeEqual neither throws nor leaks the token's length.
  const digest = (s: string) => createHash("sha256").update(s).digest();
  const expected = digest(`Bearer ${token}`);
  const syncTokens = createSyncTokens();

  // ioredis's callBuffer drops the command name under enableAutoPipelining (redis/ioredis#1923), so that stays
  // off and each request's commands go to Redis as one explicit pipeline or MULTI/EXEC instead.
  const flags = createScriptFlags();
  const run = async (commands: Command[], transaction: boolean, signal: AbortSignal) => {
    const execute = (connection: Redis) => {
      const batch = transaction ? connection.multi() : connection.pipeline();
      // ioredis reshapes a few replies (HGETALL into an object) keyed by the lowercase name; upper case skips that.
      for (const command of commands) {
        const [name, ...args] = flags.rewrite(command);
        batch.callBuffer(name.toUpperCase(), ...args);
      }
      return batch.exec();
    };
    // Inside MULTI nothing blocks, so a transaction stays on the shared connection.
    const entries = !transaction && commands.some(blocks) ? await dedicated.use(signal, execute) : await execute(redis);
    return entries?.map(([error, reply], i): [Error | null, unknown] => [
      error,
      error ? reply : flags.reply(commands[i] as Command, reply),
    ]);
  };
  const base64 = (c: Context) => c.req.header("upstash-encoding")?.toLowerCase() === "base64";
  const bad = (c: Context, error: string) => c.json({ error }, 400);
  /** The answer's format, by Upstash-Response-Format: JSON unless RESP2 is asked for; anything else is refused. */
  const format = (c: Context): "json" | "resp2" | { refused: string } => {
    const asked = c.req.header("upstash-response-format")?.toLowerCase();
    if (asked === undefined || asked === "json") return "json";
    if (asked !== "resp2") return { refused: "ERR Upstash-Response-Format must be json or resp2" };
    if (base64(c)) return { refused: "ERR Upstash-Encoding: base64 cannot be combined with resp2" };
    return "resp2";
  };
  const { host = "127.0.0.1", port = 6379, username, password, db } = redis.options;
  /** Redis's reply bytes for each command, in one body: a pipeline's replies follow each other as on a socket. */
  const resp2 = async (c: Context, commands: Command[], pipeline: boolean) => {
    const octets = (bytes: Buffer, status: 200 | 400) =>
      c.body(new Uint8Array(bytes), status, { "Content-Type": "application/octet-stream" });
    const refused = refusal(commands);
    if (refused) return octets(errorReply(refused), 400);
    const replies = await rawReplies(
      { host, port, username, password, db },
      commands.map(flags.rewrite),
      c.req.raw.signal,
    );
    const answers = replies.map((reply, i) => {
      if (reply[0] === 0x2d) return reply;
      const mapped = flags.reply(commands[i] as Command, reply);
      return mapped === reply ? reply : bulk(String(mapped));
    });
    const status = !pipeline && answers[0]?.[0] === 0x2d ? 400 : 200;
    return octets(Buffer.concat(answers), status);
  };
  const notAllowed = (c: Context, allow: string) => {
    c.header("Allow", allow);
    return c.json({ error: "ERR method not allowed" }, 405);
  };

  const single = async (c: Context, command: Command) => {
    const answer = format(c);
    if (typeof answer === "object") return bad(c, answer.refused);
    if (answer === "resp2") return resp2(c, [command], false);
    const refused = refusal([command]);
    if (refused) return bad(c, refused);
    const [entry] = (await run([command], false, c.req.raw.signal)) ?? [];
    if (!entry) throw new Error("Redis returned no reply");
    const [error, reply] = entry;
    if (error) throw error;
    return c.json({ result: toResult(reply, base64(c)) });
  };

  const several = async (c: Context, transaction: boolean) => {
    const body = await readJson(c);
    const commands = Array.isArray(body) && body.length > 0 ? body.map(toCommand) : [];
    if (commands.length === 0 || !commands.every((command) => command !== undefined)) {
      return bad(c, 'ERR the body must be a non-empty JSON array of commands, such as [["SET","k","v"],["GET","k"]]');
    }
    // Upstash answers /multi-exec in JSON whatever the format asked for.
    const answer = transaction ? "json" : format(c);
    if (typeof answer === "object") return bad(c, answer.refused);
    if (answer === "resp2") return resp2(c, commands, true);
    const refused = refusal(commands);
    if (refused) return bad(c, refused);
    const entries = await run(commands, transaction, c.req.raw.signal);
    // exec() answers null only for a transaction aborted by WATCH, which this endpoint refuses; still, never crash.
    if (!entries) return bad(c, "EXECABORT Transaction aborted");
    return c.json(
      entries.map(([error, reply]) => (error ? { error: error.message } : { result: toResult(reply, base64(c)) })),
    );
  };

  return (
    new Hono()
      .use(async (_c, next) => {
        const ms = delayMs();
        if (ms > 0) await sleep(ms);
        await next();
      })
      .use(async (c, next) => {
        // The token may come as a `_token` query parameter instead, where a client cannot set headers.
        const header = c.req.header("authorization");
        const query = c.req.query("_token");
        const credential = header ?? (query === undefined ? "" : `Bearer ${query}`);
        if (!timingSafeEqual(digest(credential), expected)) return c.json({ error: "Unauthorized" }, 401);
        await next();
        // After next(): the answer, error or not, is final here, so Redis has applied everything it answers.
        c.header("Upstash-Sync-Token", syncTokens.issue());
      })
      .on(["POST", "PUT"], "/pipeline", (c) => several(c, false))
      .on(["POST", "PUT"], "/multi-exec", (c) => several(c, true))
      .get("/pipeline", (c) => notAllowed(c, "POST, PUT"))
      .get("/multi-exec", (c) => notAllowed(c, "POST, PUT"))
      .on(["POST", "PUT"], "/", async (c) => {
        const command = toCommand(await readJson(c));
        if (!command) {
          return bad(c, 'ERR the body must be a JSON array of strings, numbers and booleans, such as ["SET","k","v"]');
        }
        return single(c, command);
      })
      // GET serves HEAD as well (Hono answers HEAD with GET's route and no body), as Upstash takes HEAD too.
      .on(["GET", "POST", "PUT"], "/*", async (c) => {
        // The path form `/set/k/v`: segments are URL-decoded one by one, so an encoded "/" stays inside its argument.
        const url = new URL(c.req.url);
        let segments: string[];
        try {
          segments = url.pathname.slice(1).split("/").map(decodeURIComponent);
        } catch {
          return bad(c, "ERR the path is not valid percent-encoding");
        }
        const [name, ...args] = segments;
        if (!name) return bad(c, "ERR no command in the path");
        const body = Buffer.from(await c.req.arrayBuffer());
        return single(c, [name, ...args, ...(body.length > 0 ? [body] : []), ...queryArguments(url)]);
      })
      .all("*", (c) => notAllowed(c, ALLOWED))
      .onError((err, c) => c.json({ error: err.message }, err instanceof ReplyError ? 400 : 500))
  );
}

/** Starts the endpoint on 127.0.0.1 and a free port (or `port`) with a random token (or `token`). */
export async function startUpstashEndpoint(options: {
  redisUrl: string;
  token?: string;
  port?: number;
  host?: string;
}): Promise<UpstashEndpoint> {
  const token = options.token ?? randomBytes(24).toString("base64url");
  const host = options.host ?? "127.0.0.1";
  const redis = new Redis(options.redisUrl);
  // Failures reach callers as per-request errors and ioredis reconnects by itself; this only silences the log.
  redis.on("error", () => {});
  const dedicated = createDedicatedConnections(redis);
  let delay = 0;
  const app = createUpstashApp({ redis, token, delayMs: () => delay, dedicated });
  // Node's http server keeps connections alive between requests by default.
  let requests = 0;
  const fetch = (request: Request) => {
    requests++;
    return app.fetch(request);
  };
  const server = serve({ fetch, port: options.port ?? 0, hostname: host }) as Server;
  const port = await new Promise<number>((resolve, reject) => {
    server.once("listening", () => resolve((server.address() as AddressInfo).port));
    server.once("error", (err) => {
      redis.disconnect();
      reject(err);
    });
  });
  return {
    url: `http://${host}:${port}`,
    token,
    port,
    setDelay: (ms) => {
      delay = ms;
    },
    requests: () => requests,
    // Closing twice is fine: a test that stops the endpoint also closes it when it ends, whether or not it got as far
    // as starting it again.
    async close() {
      if (!server.listening) return;
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
        // A blocked request (BLPOP k 0) would otherwise keep its connection, and the process, alive.
        dedicated.closeAll();
      });
      redis.disconnect();
    },
  };
}
