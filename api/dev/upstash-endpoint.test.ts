// Checks the Upstash-compatible endpoint through @upstash/redis itself, and its wire format through raw fetch.
import { createHash } from "node:crypto";
import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import { Redis as IORedis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RedisServer, startRedis } from "./redis-server";
import { blocks } from "./upstash-blocking";
import { startUpstashEndpoint, type UpstashEndpoint } from "./upstash-endpoint";

const TEXT = "Grüße, 東京 🚀";
const b64 = (s: string) => Buffer.from(s).toString("base64");
/** A script whose table holds reply errors, at the top of the table and one level down. */
const NESTED_ERRORS = `return {1, redis.error_reply("MYERR bad"), {redis.error_reply("DEEP down")}}`;

/** Waits for `check` to hold, polling: a bound against a hang, never a measure of speed. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The endpoint's sync token as its two parts: which endpoint issued it, and how many answers it had sent. */
function syncToken(token: string | null): { endpoint: string; answer: number } {
  const match = /^([0-9a-f]+)-([0-9]+)$/.exec(token ?? "");
  if (!match) throw new Error(`not a sync token of this endpoint: ${token}`);
  return { endpoint: match[1] as string, answer: Number(match[2]) };
}

test("blocking commands: XREAD and XREADGROUP only with BLOCK before STREAMS, whatever the names around it", () => {
  expect(blocks(["blpop", "k", "0"])).toBe(true);
  expect(blocks(["BZMPOP", "0", "1", "z", "MIN"])).toBe(true);
  expect(blocks(["WAIT", "1", "0"])).toBe(true);
  expect(blocks(["GET", "BLOCK"])).toBe(false);
  expect(blocks(["XREAD", "COUNT", "1", "BLOCK", "0", "STREAMS", "s", "$"])).toBe(true);
  // A stream named BLOCK; a group named STREAMS with a consumer named BLOCK.
  expect(blocks(["XREAD", "STREAMS", "BLOCK", "0"])).toBe(false);
  expect(blocks(["XREADGROUP", "GROUP", "STREAMS", "BLOCK", "STREAMS", "s", ">"])).toBe(false);
  expect(blocks(["xreadgroup", "GROUP", "STREAMS", "c", "block", "0", "STREAMS", "s", ">"])).toBe(true);
});

describe("Upstash endpoint (integration, needs redis-server)", () => {
  let server: RedisServer;
  let endpoint: UpstashEndpoint;
  let direct: IORedis;
  let keyCount = 0;
  /** A key no other test touches. */
  const key = (name: string) => `test:${++keyCount}:${name}`;
  const client = (options: { enableAutoPipelining?: boolean; signal?: () => AbortSignal } = {}) =>
    new Redis({ url: endpoint.url, token: endpoint.token, enableTelemetry: false, retry: false, ...options });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    request("POST", path, body, headers);
  const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${endpoint.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${endpoint.token}`, ...headers },
      body: body === undefined || typeof body === "string" || body instanceof Blob ? body : JSON.stringify(body),
    });
  /** How many clients Redis has blocked in a command now. */
  const blockedClients = async () => Number(/blocked_clients:(\d+)/.exec(await direct.info("clients"))?.[1]);

  beforeAll(async () => {
    server = await startRedis();
    endpoint = await startUpstashEndpoint({ redisUrl: server.url });
    direct = new IORedis(server.url);
  });

  afterAll(async () => {
    direct?.disconnect();
    await endpoint?.close();
    await server?.stop();
  });

  // By default @upstash/redis batches commands into POST /pipeline; without auto-pipelining each is a POST /.
  describe.each([
    { mode: "auto-pipelined (POST /pipeline)", enableAutoPipelining: true },
    { mode: "one request per command (POST /)", enableAutoPipelining: false },
  ])("@upstash/redis, $mode", ({ enableAutoPipelining }) => {
    const redis = () => client({ enableAutoPipelining });

    test("non-ASCII strings round-trip through set and get", async () => {
      const k = key("text");
      expect(await redis().set(k, TEXT)).toBe("OK");
      expect(await redis().get(k)).toBe(TEXT);
      expect(await direct.get(k)).toBe(TEXT);
    });

    test("integer replies and numbers as values", async () => {
      const counter = key("counter");
      expect(await redis().incr(counter)).toBe(1);
      expect(await redis().incrby(counter, 41)).toBe(42);
      const number = key("number");
      await redis().set(number, 7.5);
      expect(await direct.get(number)).toBe("7.5");
      expect(await redis().get(number)).toBe(7.5);
    });

    test("a missing key is null", async () => {
      expect(await redis().get(key("missing"))).toBeNull();
    });

    test("a Redis error rejects with the Redis message", async () => {
      const k = key("not-a-number");
      await redis().set(k, "abc");
      await expect(redis().incr(k)).rejects.toThrow("ERR value is not an integer or out of range");
    });

    test("nested arrays from eval keep their shape and text", async () => {
      const result = await redis().eval(`return {1, {"a", {"b"}}, "ü"}`, [], []);
      expect(result).toEqual([1, ["a", ["b"]], "ü"]);
    });

    test("a reply error inside a script's table arrives as its message, at any depth", async () => {
      expect(await redis().eval(NESTED_ERRORS, [], [])).toEqual([1, "MYERR bad", ["DEEP down"]]);
    });
  });

  test("scan and hgetall", async () => {
    const redis = client();
    const prefix = key("scan");
    await Promise.all(["x", "y", "z"].map((s) => redis.set(`${prefix}:${s}`, s)));
    const [cursor, keys] = await redis.scan(0, { match: `${prefix}:*`, count: 1000 });
    expect(cursor).toBe("0");
    expect(keys.sort()).toEqual([`${prefix}:x`, `${prefix}:y`, `${prefix}:z`]);

    const hash = key("hash");
    await redis.hset(hash, { name: TEXT, n: 3 });
    expect(await redis.hgetall(hash)).toEqual({ name: TEXT, n: 3 });
  });

  test("a pipeline returns mixed results, and reports an erroring command without stopping the rest", async () => {
    const redis = client();
    const [k, counter, missing] = [key("p"), key("p-counter"), key("p-missing")];
    expect(await redis.pipeline().set(k, TEXT).incr(counter).get(k).get(missing).exec()).toEqual(["OK", 1, TEXT, null]);

    const failing = () => redis.pipeline().set(k, "abc").incr(k).get(k);
    await expect(failing().exec()).rejects.toThrow(
      "Command 2 [ incr ] failed: ERR value is not an integer or out of range",
    );
    expect(await failing().exec({ keepErrors: true })).toEqual([
      { result: "OK", error: undefined },
      { result: undefined, error: "ERR value is not an integer or out of range" },
      { result: "abc", error: undefined },
    ]);
  });

  test("a pipeline's failing command is an error of its own; a reply error inside a result is a string in it", async () => {
    const k = key("p-errors");
    const exec = client()
      .pipeline()
      .set(k, "abc")
      .incr(k)
      .eval(NESTED_ERRORS, [], [])
      .get(k)
      .exec({ keepErrors: true });
    expect(await exec).toEqual([
      { result: "OK", error: undefined },
      { result: undefined, error: "ERR value is not an integer or out of range" },
      { result: [1, "MYERR bad", ["DEEP down"]], error: undefined },
      { result: "abc", error: undefined },
    ]);
  });

  test("multi runs the commands as a transaction", async () => {
    const k = key("m");
    expect(await client().multi().set(k, 1).incrby(k, 9).get(k).exec()).toEqual(["OK", 10, 10]);

    // A command that fails when EXEC runs it fails alone, as in Redis: the others still run and answer.
    const failing = key("m-failing");
    const exec = client().multi().set(failing, "abc").incr(failing).eval(NESTED_ERRORS, [], []).set(failing, "def");
    expect(await exec.exec({ keepErrors: true })).toEqual([
      { result: "OK", error: undefined },
      { result: undefined, error: "ERR value is not an integer or out of range" },
      { result: [1, "MYERR bad", ["DEEP down"]], error: undefined },
      { result: "OK", error: undefined },
    ]);
    expect(await direct.get(failing)).toBe("def");

    // A command Redis refuses to queue aborts the whole transaction: nothing is written.
    const aborted = key("m-aborted");
    const res = await post("/multi-exec", [["SET", aborted, "1"], ["GET"]]);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "EXECABORT Transaction discarded because of previous errors." });
    expect(await direct.exists(aborted)).toBe(0);
  });

  test("evalsha after scriptLoad, NOSCRIPT for an unknown sha, and createScript's fallback to eval", async () => {
    const redis = client();
    const script = "return ARGV[1] .. KEYS[1]";
    const sha = await redis.scriptLoad(script);
    expect(sha).toBe(createHash("sha1").update(script).digest("hex"));
    expect(await redis.evalsha(sha, ["k"], ["ü-"])).toBe("ü-k");
    await expect(redis.evalsha("0".repeat(40), [], [])).rejects.toThrow(/NOSCRIPT/);

    // createScript tries EVALSHA first and recognises NOSCRIPT in the error message to fall back to EVAL.
    const unloaded = redis.createScript<string>(`return "fresh " .. ARGV[1]`);
    expect(await unloaded.exec([], ["x"])).toBe("fresh x");
  });

  test("a missing or wrong token is 401 Unauthorized", async () => {
    for (const authorization of [undefined, "Bearer wrong", `Bearer ${endpoint.token}x`, endpoint.token]) {
      const res = await fetch(`${endpoint.url}/`, {
        method: "POST",
        headers: authorization === undefined ? {} : { authorization },
        body: '["PING"]',
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "Unauthorized" });
    }
    const wrong = new Redis({ url: endpoint.url, token: "wrong", enableTelemetry: false });
    await expect(wrong.get("k")).rejects.toThrow("Unauthorized");
  });

  test("Upstash-Encoding: base64 encodes every string at every depth and leaves integers and nil", async () => {
    const res = await post("/", ["EVAL", `return {1, {"a", {"ü", false}}, "Grüße"}`, 0], {
      "Upstash-Encoding": "base64",
    });
    expect(await res.json()).toEqual({ result: [1, [b64("a"), [b64("ü"), null]], b64("Grüße")] });

    const plain = await post("/", ["EVAL", `return {1, {"a", {"ü"}}}`, 0]);
    expect(await plain.json()).toEqual({ result: [1, ["a", ["ü"]]] });

    const pipeline = await post("/pipeline", [["SET", key("b"), TEXT, "GET"], ["PING"]], {
      "upstash-encoding": "base64",
    });
    expect(await pipeline.json()).toEqual([{ result: null }, { result: b64("PONG") }]);
  });

  test("binary values round-trip exactly through the path form and base64", async () => {
    const k = key("binary");
    const bytes = new Uint8Array([0xff, 0x00, 0xfe, 0x80]);
    expect(await (await post(`/set/${encodeURIComponent(k)}`, new Blob([bytes]))).json()).toEqual({ result: "OK" });
    expect(await direct.getBuffer(k)).toEqual(Buffer.from(bytes));
    const res = await fetch(`${endpoint.url}/get/${encodeURIComponent(k)}`, {
      headers: { authorization: `Bearer ${endpoint.token}`, "Upstash-Encoding": "base64" },
    });
    expect(await res.json()).toEqual({ result: Buffer.from(bytes).toString("base64") });
  });

  test("the path form URL-decodes each argument", async () => {
    const k = key("a/b c");
    const res = await post(`/set/${encodeURIComponent(k)}/${encodeURIComponent(TEXT)}`, "");
    expect(await res.json()).toEqual({ result: "OK" });
    expect(await direct.get(k)).toBe(TEXT);
  });

  test("numbers and booleans as arguments become strings; anything else is a 400", async () => {
    const k = key("args");
    expect(await (await post("/", ["SET", k, 12.5])).json()).toEqual({ result: "OK" });
    expect(await (await post("/", ["INCRBYFLOAT", k, 1])).json()).toEqual({ result: "13.5" });
    expect(await (await post("/", ["SET", k, true])).json()).toEqual({ result: "OK" });
    expect(await direct.get(k)).toBe("true");

    for (const body of [["SET", k, null], ["SET", k, ["v"]], { command: "GET" }, [], "not json"]) {
      const res = await post("/", typeof body === "string" ? body : JSON.stringify(body));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/^ERR the body must be/);
    }
    const res = await post("/pipeline", [["PING"], "PING"]);
    expect(res.status).toBe(400);
  });

  test("a Redis error is a 400 with the Redis message", async () => {
    const res = await post("/", ["GET"]);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "ERR wrong number of arguments for 'get' command" });
  });

  test("commands that would change the shared connection are refused", async () => {
    const res = await post("/pipeline", [["PING"], ["subscribe", "news"]]);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/^ERR SUBSCRIBE is not supported/);
    expect(await client().ping()).toBe("PONG");
  });

  // A delay far beyond the client's budget, so that only a response held by the endpoint explains the abort, however
  // loaded the machine is; no elapsed time is asserted.
  test("setDelay holds every response beyond a client's timeout budget, and setDelay(0) ends that", async () => {
    endpoint.setDelay(5_000);
    try {
      const impatient = client({ signal: () => AbortSignal.timeout(50) });
      await expect(impatient.get(key("slow"))).rejects.toThrow(/abort|timeout/i);
    } finally {
      endpoint.setDelay(0);
    }
    expect(await client().ping()).toBe("PONG");
  });
  test("@upstash/ratelimit runs through it: its Upstash-only script flag is dropped and its SHAs still match", async () => {
    const redis = client();
    const name = key("ratelimit");
    const bucket = new Ratelimit({ redis, prefix: `${name}:b`, limiter: Ratelimit.tokenBucket(1, "1 m", 2) });
    const window = new Ratelimit({ redis, prefix: `${name}:w`, limiter: Ratelimit.fixedWindow(3, "1 h") });
    const bucketRuns = [];
    const windowRuns = [];
    for (let i = 0; i < 4; i++) {
      bucketRuns.push((await bucket.limit("caller")).success);
      windowRuns.push((await window.limit("caller")).success);
    }
    expect(bucketRuns).toEqual([true, true, false, false]);
    expect(windowRuns).toEqual([true, true, true, false]);
    const flagged = "#!lua flags=allow-key-locking\nreturn 7";
    const sha = await redis.scriptLoad(flagged);
    expect(sha).toBe(createHash("sha1").update(flagged).digest("hex"));
    expect(await redis.evalsha(sha, [], [])).toBe(7);
  });

  test("Upstash-Encoding: base64 leaves a command's bare OK as it is, and encodes an OK or an error inside an array", async () => {
    const base64 = { "Upstash-Encoding": "base64" };
    const k = key("b-ok");
    expect(await (await post("/", ["SET", k, "v"], base64)).json()).toEqual({ result: "OK" });
    expect(await (await post(`/set/${k}/v`, "", base64)).json()).toEqual({ result: "OK" });
    const pipeline = await post(
      "/pipeline",
      [
        ["SET", k, "w"],
        ["GET", k],
      ],
      base64,
    );
    expect(await pipeline.json()).toEqual([{ result: "OK" }, { result: b64("w") }]);
    expect(await (await post("/multi-exec", [["SET", k, "x"]], base64)).json()).toEqual([{ result: "OK" }]);
    const script = `return {redis.status_reply("OK"), redis.error_reply("MYERR bad")}`;
    const inArray = await post("/", ["EVAL", script, 0], base64);
    expect(await inArray.json()).toEqual({ result: [b64("OK"), b64("MYERR bad")] });
    const plain = await post("/", ["EVAL", NESTED_ERRORS, 0]);
    expect(await plain.json()).toEqual({ result: [1, "MYERR bad", ["DEEP down"]] });
  });

  describe("read-your-writes: Upstash-Sync-Token", () => {
    test("every command, pipeline and multi-exec answer carries a later token than the one before, errors included", async () => {
      const answers = [
        await post("/", ["PING"]),
        await request("GET", "/ping"),
        await post(`/set/${key("sync")}`, "v"),
        await post("/pipeline", [["PING"], ["ECHO", "x"]]),
        await post("/multi-exec", [["PING"]]),
        await post("/", ["GET"]),
        await post("/pipeline", [["PING"], ["subscribe", "news"]]),
      ];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 400, 400]);
      const tokens = answers.map((a) => syncToken(a.headers.get("upstash-sync-token")));
      expect(new Set(tokens.map((t) => t.endpoint)).size).toBe(1);
      for (let i = 1; i < tokens.length; i++) {
        expect(tokens[i]?.answer).toBeGreaterThan(tokens[i - 1]?.answer as number);
      }
    });

    test("@upstash/redis keeps the token of each answer and sends it with the next request", async () => {
      const redis = client();
      expect(redis.readYourWritesSyncToken).toBe("");
      const k = key("ryw");
      await redis.set(k, 1);
      const afterSet = syncToken(redis.readYourWritesSyncToken as string);
      await redis.incr(k);
      const afterIncr = syncToken(redis.readYourWritesSyncToken as string);
      await redis.pipeline().incr(k).incr(k).exec();
      const afterPipeline = syncToken(redis.readYourWritesSyncToken as string);
      await redis.multi().incr(k).get(k).exec();
      const afterMulti = syncToken(redis.readYourWritesSyncToken as string);
      expect(afterIncr.answer).toBeGreaterThan(afterSet.answer);
      expect(afterPipeline.answer).toBeGreaterThan(afterIncr.answer);
      expect(afterMulti.answer).toBeGreaterThan(afterPipeline.answer);
    });

    test("a second client handed the first one's token reads the first one's write", async () => {
      const writer = client({ enableAutoPipelining: false });
      const reader = client({ enableAutoPipelining: false });
      const k = key("ryw-shared");
      await writer.set(k, TEXT);
      const written = writer.readYourWritesSyncToken as string;
      reader.readYourWritesSyncToken = written;
      expect(await reader.get(k)).toBe(TEXT);
      expect(syncToken(reader.readYourWritesSyncToken as string).answer).toBeGreaterThan(syncToken(written).answer);

      // The same through raw fetch: a request naming that write is answered with it.
      const res = await request("GET", `/get/${encodeURIComponent(k)}`, undefined, { "upstash-sync-token": written });
      expect(await res.json()).toEqual({ result: TEXT });
    });

    test("a token this endpoint never issued is served, neither refused nor held", async () => {
      const other = await startUpstashEndpoint({ redisUrl: server.url });
      let foreign: string;
      try {
        foreign = (
          await fetch(`${other.url}/ping`, { headers: { authorization: `Bearer ${other.token}` } })
        ).headers.get("upstash-sync-token") as string;
      } finally {
        await other.close();
      }
      const current = syncToken((await post("/", ["PING"])).headers.get("upstash-sync-token"));
      expect(syncToken(foreign).endpoint).not.toBe(current.endpoint);
      const redis = client();
      // Another endpoint's, a made-up one (as @upstash/redis's own tests set), and one of this endpoint's to come.
      for (const token of [foreign, "my-new-sync-token", `${current.endpoint}-${current.answer + 1000}`]) {
        redis.readYourWritesSyncToken = token;
        expect(await redis.set(key("ryw-foreign"), token)).toBe("OK");
        expect(syncToken(redis.readYourWritesSyncToken as string).endpoint).toBe(current.endpoint);
      }
    });
  });

  describe("blocking commands get a connection of their own", () => {
    test("a SET, a GET and the LPUSH that wakes a waiting BLPOP are all answered while it waits", async () => {
      const waiter = client({ enableAutoPipelining: false });
      const other = client({ enableAutoPipelining: false });
      const [list, k] = [key("blpop"), key("blpop-meanwhile")];
      const settled: string[] = [];
      // The timeout only bounds the test if the BLPOP stalled the other requests; nothing waits for it otherwise.
      const blpop = waiter.exec<[string, string] | null>(["BLPOP", list, 20]).then((reply) => {
        settled.push("blpop");
        return reply;
      });
      await eventually(async () => (await blockedClients()) === 1, "the BLPOP is blocked in Redis");

      expect(await other.set(k, "meanwhile")).toBe("OK");
      settled.push("set");
      expect(await other.get(k)).toBe("meanwhile");
      settled.push("get");
      expect(settled).toEqual(["set", "get"]);
      // Only an LPUSH served while the BLPOP still waited can hand it this element.
      expect(await other.lpush(list, "pushed")).toBe(1);
      expect(await blpop).toEqual([list, "pushed"]);
      expect(settled).toEqual(["set", "get", "blpop"]);
      expect(await direct.exists(list)).toBe(0);
    }, 60_000);

    test("an XREAD BLOCK inside a pipeline waits on its own connection too", async () => {
      const stream = key("stream");
      await direct.xadd(stream, "1-1", "n", "0");
      const read = post("/pipeline", [
        ["XLEN", stream],
        ["XREAD", "COUNT", 1, "BLOCK", 20_000, "STREAMS", stream, "1-1"],
      ]);
      await eventually(async () => (await blockedClients()) === 1, "the XREAD is blocked in Redis");
      expect(await (await post("/", ["XADD", stream, "2-1", "n", "1"])).json()).toEqual({ result: "2-1" });
      expect(await (await read).json()).toEqual([{ result: 1 }, { result: [[stream, [["2-1", ["n", "1"]]]]] }]);
    }, 60_000);

    test("its connection is closed once it is answered, and when its caller goes away", async () => {
      const dedicated = async () => {
        const clients = (await direct.client("LIST")) as string;
        return clients.split("\n").filter((line) => /\bcmd=(brpop|blpop)\b/.test(line)).length;
      };
      const list = key("brpop");
      await direct.rpush(list, "ready");
      expect(await (await post(`/brpop/${list}/20`, "")).json()).toEqual({ result: [list, "ready"] });
      await eventually(async () => (await dedicated()) === 0, "the BRPOP's connection is closed");

      // BLPOP with no timeout, given up by its caller: only closing its connection ends it in Redis.
      const abandoned = new AbortController();
      const waiting = fetch(`${endpoint.url}/blpop/${key("forever")}/0`, {
        method: "POST",
        headers: { authorization: `Bearer ${endpoint.token}` },
        signal: abandoned.signal,
      }).catch((error: Error) => error.name);
      await eventually(async () => (await blockedClients()) === 1, "the BLPOP is blocked in Redis");
      abandoned.abort();
      expect(await waiting).toBe("AbortError");
      await eventually(async () => (await blockedClients()) === 0, "the abandoned BLPOP's connection is closed");
      expect(await dedicated()).toBe(0);
    });
  });

  test("query parameters are appended to a path-form command, after the body", async () => {
    const k = key("query");
    const set = await post(`/set/${encodeURIComponent(k)}?EX=100`, TEXT);
    expect(await set.json()).toEqual({ result: "OK" });
    expect(await direct.get(k)).toBe(TEXT);
    const ttl = await direct.ttl(k);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(100);

    // A parameter without a value is a word alone: `SET k first PX 100000 NX`, then one that NX refuses.
    const nx = key("query-nx");
    const first = await request("GET", `/set/${encodeURIComponent(nx)}/first?PX=100000&NX`);
    expect(await first.json()).toEqual({ result: "OK" });
    const second = await request("GET", `/set/${encodeURIComponent(nx)}/second?PX=100000&NX`);
    expect(await second.json()).toEqual({ result: null });
    expect(await direct.get(nx)).toBe("first");
    expect(await direct.pttl(nx)).toBeGreaterThan(0);
  });

  test("the token may be a _token query parameter instead of the Authorization header", async () => {
    const k = key("query-token");
    const url = (path: string, token: string) => `${endpoint.url}${path}?_token=${encodeURIComponent(token)}`;
    const set = await fetch(url(`/set/${encodeURIComponent(k)}/v`, endpoint.token));
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ result: "OK" });
    // `_token` is the credential, not an argument: GET k alone.
    expect(await (await fetch(url(`/get/${encodeURIComponent(k)}`, endpoint.token))).json()).toEqual({ result: "v" });
    const pipeline = await fetch(url("/pipeline", endpoint.token), {
      method: "POST",
      body: JSON.stringify([["GET", k]]),
    });
    expect(await pipeline.json()).toEqual([{ result: "v" }]);

    for (const wrong of ["wrong", `${endpoint.token}x`, ""]) {
      const res = await fetch(url("/ping", wrong));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "Unauthorized" });
    }
    // When both are given the header is the credential.
    const both = await fetch(url("/ping", endpoint.token), { headers: { authorization: "Bearer wrong" } });
    expect(both.status).toBe(401);
  });

  test("GET, POST, PUT and HEAD run commands; any other method is a 405 with a JSON error", async () => {
    const k = key("put");
    expect(await (await request("PUT", `/set/${encodeURIComponent(k)}/v`)).json()).toEqual({ result: "OK" });
    expect(await (await request("PUT", `/append/${encodeURIComponent(k)}`, "w")).json()).toEqual({ result: 2 });
    expect(await (await request("PUT", "/", ["GET", k])).json()).toEqual({ result: "vw" });
    expect(await (await request("PUT", "/pipeline", [["GET", k]])).json()).toEqual([{ result: "vw" }]);
    expect(await (await request("PUT", "/multi-exec", [["GET", k]])).json()).toEqual([{ result: "vw" }]);
    const head = await request("HEAD", `/get/${encodeURIComponent(k)}`);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");

    for (const method of ["DELETE", "PATCH", "OPTIONS"]) {
      const res = await request(method, `/get/${encodeURIComponent(k)}`);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("HEAD, GET, POST, PUT");
      expect(await res.json()).toEqual({ error: "ERR method not allowed" });
    }
    for (const path of ["/pipeline", "/multi-exec"]) {
      const res = await request("GET", path);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST, PUT");
      expect(await res.json()).toEqual({ error: "ERR method not allowed" });
    }
    const anonymous = await fetch(`${endpoint.url}/get/k`, { method: "DELETE" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Unauthorized" });
  });

  describe("Upstash-Response-Format: resp2", () => {
    const resp2 = { "Upstash-Response-Format": "resp2" };
    const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer()).toString("latin1");

    test("answers Redis's own reply bytes: status, bulk, integer, nil, arrays and errors", async () => {
      const k = key("resp2");
      const set = await request("GET", `/set/${encodeURIComponent(k)}/bar`, undefined, resp2);
      expect(set.status).toBe(200);
      expect(set.headers.get("content-type")).toBe("application/octet-stream");
      expect(await bytes(set)).toBe("+OK\r\n");
      expect(await bytes(await post("/", ["GET", k], resp2))).toBe("$3\r\nbar\r\n");
      expect(await bytes(await post("/", ["GET", key("resp2-missing")], resp2))).toBe("$-1\r\n");
      const binary = Buffer.from([0xff, 0x00, 0x0d, 0x0a]);
      await direct.set(k, binary);
      expect(await bytes(await post("/", ["GET", k], resp2))).toBe(`$4\r\n${binary.toString("latin1")}\r\n`);
      expect(
        await bytes(await post("/", ["EVAL", `return {1, {"a"}, redis.error_reply("MYERR bad")}`, 0], resp2)),
      ).toBe("*3\r\n:1\r\n*1\r\n$1\r\na\r\n-MYERR bad\r\n");
      const failed = await post("/", ["INCR", "a", "b"], resp2);
      expect(failed.status).toBe(400);
      expect(await bytes(failed)).toBe("-ERR wrong number of arguments for 'incr' command\r\n");
    });

    test("a pipeline's replies follow each other; /multi-exec answers JSON whatever is asked", async () => {
      const k = key("resp2-pipeline");
      const pipeline = await post(
        "/pipeline",
        [
          ["SET", k, "abc"],
          ["INCR", k],
          ["STRLEN", k],
        ],
        resp2,
      );
      expect(pipeline.status).toBe(200);
      expect(await bytes(pipeline)).toBe("+OK\r\n-ERR value is not an integer or out of range\r\n:3\r\n");
      expect(await (await post("/multi-exec", [["GET", k]], resp2)).json()).toEqual([{ result: "abc" }]);
    });

    test("SCRIPT LOAD answers the SHA of the script as sent, as in JSON; refused commands are RESP2 errors", async () => {
      const flagged = "#!lua flags=allow-key-locking\nreturn 7";
      const sha = createHash("sha1").update(flagged).digest("hex");
      expect(await bytes(await post("/", ["SCRIPT", "LOAD", flagged], resp2))).toBe(`$40\r\n${sha}\r\n`);
      expect(await bytes(await post("/", ["EVALSHA", sha, 0], resp2))).toBe(":7\r\n");
      const refused = await post("/", ["SUBSCRIBE", "news"], resp2);
      expect(refused.status).toBe(400);
      expect(await bytes(refused)).toMatch(/^-ERR SUBSCRIBE is not supported[^\r\n]*\r\n$/);
    });

    test("any other format, or resp2 with base64, is a 400 with a JSON error", async () => {
      for (const headers of [{ "Upstash-Response-Format": "xml" }, { ...resp2, "Upstash-Encoding": "base64" }]) {
        const res = await post("/", ["PING"], headers);
        expect(res.status).toBe(400);
        expect((await res.json()).error).toMatch(/^ERR /);
      }
      expect(await (await post("/", ["PING"], { "Upstash-Response-Format": "json" })).json()).toEqual({
        result: "PONG",
      });
    });
  });
});
