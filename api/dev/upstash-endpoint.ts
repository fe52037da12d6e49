// An Upstash-REST-compatible HTTP endpoint in front of a real redis-server, for tests and local development.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { serve } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { Redis, ReplyError } from "ioredis";
import { createScriptFlags } from "./upstash-script-flags";

export type UpstashEndpoint = {
  url: string;
  token: string;
  port: number;
  close(): Promise<void>;
  setDelay(ms: number): void;
  /** How many HTTP requests it has received: a pipeline is one, as it is one subrequest of a Worker. */
  requests(): number;
};

type Command = [name: string, ...args: (string | Buffer)[]];

// Every request shares one connection, so commands that would change its state for everyone else are refused.
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
  return name && `ERR ${name} is not supported by this endpoint: every request shares one Redis connection`;
}

/** A Redis reply as Upstash writes it: strings (here Buffers) as UTF-8 text or base64 at every depth, the rest as is. */
function toJson(reply: unknown, base64: boolean): unknown {
  if (Buffer.isBuffer(reply)) return reply.toString(base64 ? "base64" : "utf8");
  if (Array.isArray(reply)) return reply.map((r) => toJson(r, base64));
  return reply;
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text());
  } catch {
    return undefined;
  }
}

/** A Hono app speaking Upstash's REST protocol to `redis`; `delayMs` is read on every request. */
export function createUpstashApp(redis: Redis, token: string, delayMs: () => number = () => 0): Hono {
  // Hashing both sides gives equal lengths, so timingSafeEqual neither throws nor leaks the token's length.
  const digest = (s: string) => createHash("sha256").update(s).digest();
  const expected = digest(`Bearer ${token}`);

  // ioredis's callBuffer drops the command name under enableAutoPipelining (redis/ioredis#1923), so that stays
  // off and each request's commands go to Redis as one explicit pipeline or MULTI/EXEC instead.
  const flags = createScriptFlags();
  const run = async (commands: Command[], transaction: boolean) => {
    const batch = transaction ? redis.multi() : redis.pipeline();
    // ioredis reshapes a few replies (HGETALL into an object) keyed by the lowercase name; upper case skips that.
    for (const command of commands) {
      const [name, ...args] = flags.rewrite(command);
      batch.callBuffer(name.toUpperCase(), ...args);
    }
    const entries = await batch.exec();
    return entries?.map(([error, reply], i): [Error | null, unknown] => [
      error,
      error ? reply : flags.reply(commands[i] as Command, reply),
    ]);
  };
  const base64 = (c: Context) => c.req.header("upstash-encoding")?.toLowerCase() === "base64";
  const bad = (c: Context, error: string) => c.json({ error }, 400);

  const single = async (c: Context, command: Command) => {
    const refused = refusal([command]);
    if (refused) return bad(c, refused);
    const [entry] = (await run([command], false)) ?? [];
    if (!entry) throw new Error("Redis returned no reply");
    const [error, reply] = entry;
    if (error) throw error;
    return c.json({ result: toJson(reply, base64(c)) });
  };

  const several = async (c: Context, transaction: boolean) => {
    const body = await readJson(c);
    const commands = Array.isArray(body) && body.length > 0 ? body.map(toCommand) : [];
    if (commands.length === 0 || !commands.every((command) => command !== undefined)) {
      return bad(c, 'ERR the body must be a non-empty JSON array of commands, such as [["SET","k","v"],["GET","k"]]');
    }
    const refused = refusal(commands);
    if (refused) return bad(c, refused);
    const entries = await run(commands, transaction);
    // exec() answers null only for a transaction aborted by WATCH, which this endpoint refuses; still, never crash.
    if (!entries) return bad(c, "EXECABORT Transaction aborted");
    return c.json(
      entries.map(([error, reply]) => (error ? { error: error.message } : { result: toJson(reply, base64(c)) })),
    );
  };

  return new Hono()
    .use(async (_c, next) => {
      const ms = delayMs();
      if (ms > 0) await sleep(ms);
      await next();
    })
    .use(async (c, next) => {
      if (!timingSafeEqual(digest(c.req.header("authorization") ?? ""), expected)) {
        return c.json({ error: "Unauthorized" }, 401);
      }
      await next();
    })
    .post("/pipeline", (c) => several(c, false))
    .post("/multi-exec", (c) => several(c, true))
    .post("/", async (c) => {
      const command = toCommand(await readJson(c));
      if (!command) {
        return bad(c, 'ERR the body must be a JSON array of strings, numbers and booleans, such as ["SET","k","v"]');
      }
      return single(c, command);
    })
    .on(["GET", "POST"], "/*", async (c) => {
      // The path form `/set/k/v`: segments are URL-decoded one by one, so an encoded "/" stays inside its argument.
      let segments: string[];
      try {
        segments = new URL(c.req.url).pathname.slice(1).split("/").map(decodeURIComponent);
      } catch {
        return bad(c, "ERR the path is not valid percent-encoding");
      }
      const [name, ...args] = segments;
      if (!name) return bad(c, "ERR no command in the path");
      const body = Buffer.from(await c.req.arrayBuffer());
      return single(c, body.length > 0 ? [name, ...args, body] : [name, ...args]);
    })
    .onError((err, c) => c.json({ error: err.message }, err instanceof ReplyError ? 400 : 500));
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
  let delay = 0;
  const app = createUpstashApp(redis, token, () => delay);
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
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
      redis.disconnect();
    },
  };
}
