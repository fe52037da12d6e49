// Checks the Upstash-compatible endpoint through @upstash/redis itself, and its wire format through raw fetch.
import { createHash } from "node:crypto";
import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import { Redis as IORedis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RedisServer, startRedis } from "./redis-server";
import { startUpstashEndpoint, type UpstashEndpoint } from "./upstash-endpoint";

const TEXT = "Grüße, 東京 🚀";
const b64 = (s: string) => Buffer.from(s).toString("base64");

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
    fetch(`${endpoint.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${endpoint.token}`, ...headers },
      body: typeof body === "string" || body instanceof Blob ? body : JSON.stringify(body),
    });

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

  test("multi runs the commands as a transaction", async () => {
    const k = key("m");
    expect(await client().multi().set(k, 1).incrby(k, 9).get(k).exec()).toEqual(["OK", 10, 10]);

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

  test("setDelay slows every response, beyond a client's timeout budget", async () => {
    const redis = client();
    endpoint.setDelay(300);
    try {
      const start = performance.now();
      expect(await redis.ping()).toBe("PONG");
      expect(performance.now() - start).toBeGreaterThanOrEqual(295);

      const impatient = client({ signal: () => AbortSignal.timeout(50) });
      await expect(impatient.get(key("slow"))).rejects.toThrow(/abort|timeout/i);
    } finally {
      endpoint.setDelay(0);
    }
    const start = performance.now();
    await redis.ping();
    expect(performance.now() - start).toBeLessThan(250);
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
});
