import { describe, expect, test } from "vitest";
import { parseEnv } from "./env";

describe("configuration", () => {
  test("defaults are those of contract section 2", () => {
    const parsed = parseEnv({});
    expect(parsed).toEqual({
      ok: true,
      env: expect.objectContaining({
        port: 8787,
        host: "127.0.0.1",
        databaseUrl: "file:data/quota.db",
        counterStore: "memory",
        storeTimeoutMs: 100,
        configCacheTtlMs: 2000,
        adminToken: undefined,
        webhookAllowPrivate: false,
      }),
    });
  });

  test("the counter store follows the variables that are set", () => {
    const store = (env: Record<string, string>) => {
      const parsed = parseEnv(env);
      return parsed.ok ? parsed.env.counterStore : parsed.error;
    };
    expect(store({ REDIS_URL: "redis://127.0.0.1:6379" })).toBe("redis");
    expect(store({ REDIS_CLUSTER_NODES: "127.0.0.1:7000,127.0.0.1:7001" })).toBe("redis");
    expect(store({ UPSTASH_REDIS_REST_URL: "http://127.0.0.1:8079", UPSTASH_REDIS_REST_TOKEN: "t" })).toBe("upstash");
    expect(store({ COUNTER_STORE: "memory", REDIS_URL: "redis://127.0.0.1:6379" })).toBe("memory");
  });

  test("Redis URLs that name a database by number, or none, are taken", () => {
    for (const url of [
      "redis://127.0.0.1:6379",
      "redis://127.0.0.1:6379/",
      "redis://u:p@127.0.0.1:6379/3",
      "rediss://h:1/?db=2",
    ]) {
      expect(parseEnv({ REDIS_URL: url }).ok, url).toBe(true);
    }
  });

  test("HOST set but empty is unset: 127.0.0.1, not every interface", () => {
    const parsed = parseEnv({ HOST: "" });
    expect(parsed.ok && parsed.env.host).toBe("127.0.0.1");
    const given = parseEnv({ HOST: "0.0.0.0" });
    expect(given.ok && given.env.host).toBe("0.0.0.0");
  });

  test("the longest timer is a valid timeout", () => {
    const parsed = parseEnv({ STORE_TIMEOUT_MS: "2147483647", CONFIG_CACHE_TTL_MS: "2147483647" });
    expect(parsed.ok && [parsed.env.storeTimeoutMs, parsed.env.configCacheTtlMs]).toEqual([2147483647, 2147483647]);
  });

  test("an admin token a client can send is taken as is, the shortest TTL whose bound a server keeps too", () => {
    const token = `${"~!#$%&'*+-.^_`|0-9AZaz".repeat(11)}`.slice(0, 256);
    const parsed = parseEnv({ ADMIN_TOKEN: token, CONFIG_CACHE_TTL_MS: "20" });
    expect(parsed.ok && [parsed.env.adminToken, parsed.env.configCacheTtlMs]).toEqual([token, 20]);
    // Set but empty is unset, as for every other variable.
    const empty = parseEnv({ ADMIN_TOKEN: "" });
    expect(empty.ok && empty.env.adminToken).toBeUndefined();
    // Refused, its line never shows it.
    const refused = parseEnv({ ADMIN_TOKEN: "s3cret pass" });
    expect(!refused.ok && refused.error).not.toContain("s3cret");
  });

  test("WEBHOOK_ALLOW_PRIVATE=1 lets webhooks reach private addresses; 0 or unset does not", () => {
    const allowed = (value?: string) => {
      const parsed = parseEnv(value === undefined ? {} : { WEBHOOK_ALLOW_PRIVATE: value });
      return parsed.ok ? parsed.env.webhookAllowPrivate : parsed.error;
    };
    expect([allowed("1"), allowed("0"), allowed(""), allowed()]).toEqual([true, false, false, false]);
  });

  test.each([
    [{ COUNTER_STORE: "memcached" }, "COUNTER_STORE"],
    [{ COUNTER_STORE: "redis" }, "COUNTER_STORE"],
    [{ COUNTER_STORE: "upstash", UPSTASH_REDIS_REST_URL: "http://127.0.0.1:1" }, "UPSTASH_REDIS_REST_TOKEN"],
    [{ REDIS_URL: "localhost:6379" }, "REDIS_URL"],
    [{ REDIS_URL: "http://127.0.0.1:6379" }, "REDIS_URL"],
    [{ REDIS_CLUSTER_NODES: "127.0.0.1" }, "REDIS_CLUSTER_NODES"],
    [{ UPSTASH_REDIS_REST_URL: "not a url" }, "UPSTASH_REDIS_REST_URL"],
    [{ DATABASE_URL: "postgres://x" }, "DATABASE_URL"],
    [{ DATABASE_URL: "file:" }, "DATABASE_URL"],
    [{ DATABASE_URL: "file://" }, "DATABASE_URL"],
    [{ STORE_TIMEOUT_MS: "abc" }, "STORE_TIMEOUT_MS"],
    [{ STORE_TIMEOUT_MS: "0" }, "STORE_TIMEOUT_MS"],
    [{ STORE_TIMEOUT_MS: "1.5" }, "STORE_TIMEOUT_MS"],
    [{ CONFIG_CACHE_TTL_MS: "-5" }, "CONFIG_CACHE_TTL_MS"],
    // Found by an audit: accepted, and another server answered a revoked key 6 ms after its revocation (the changes are
    // read every 10 ms at the most).
    [{ CONFIG_CACHE_TTL_MS: "1" }, "CONFIG_CACHE_TTL_MS"],
    [{ CONFIG_CACHE_TTL_MS: "19" }, "CONFIG_CACHE_TTL_MS"],
    // Found by an audit: tokens no client could ever send as a bearer (too long, a space, a letter outside ASCII, which
    // fetch and curl send as UTF-8) started the server, and every request with them answered 401.
    [{ ADMIN_TOKEN: "a".repeat(257) }, "ADMIN_TOKEN"],
    [{ ADMIN_TOKEN: "has space token" }, "ADMIN_TOKEN"],
    [{ ADMIN_TOKEN: "pässwörd-long-token" }, "ADMIN_TOKEN"],
    [{ ADMIN_TOKEN: "tab\tinside" }, "ADMIN_TOKEN"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "http" }, "PORT"],
    [{ WEBHOOK_ALLOW_PRIVATE: "yes" }, "WEBHOOK_ALLOW_PRIVATE"],
    // Past a timer's longest delay (2^31 - 1 ms), which Node fires at once: the cache was read every millisecond.
    [{ STORE_TIMEOUT_MS: "2147483648" }, "STORE_TIMEOUT_MS"],
    [{ CONFIG_CACHE_TTL_MS: "99999999999999" }, "CONFIG_CACHE_TTL_MS"],
    [{ REDIS_CLUSTER_NODES: "127.0.0.1:7000,127.0.0.1:99999" }, "REDIS_CLUSTER_NODES"],
    [{ REDIS_CLUSTER_NODES: "127.0.0.1:0" }, "REDIS_CLUSTER_NODES"],
    [{ UPSTASH_REDIS_REST_TOKEN: "t" }, "UPSTASH_REDIS_REST_URL"],
    // Found by an audit: this named COUNTER_STORE=upstash, which the user had not set.
    [{ UPSTASH_REDIS_REST_URL: "http://127.0.0.1:1" }, "UPSTASH_REDIS_REST_URL needs UPSTASH_REDIS_REST_TOKEN"],
    // Past the parser, and never to work: the server started, then died on SELECT NaN.
    [{ REDIS_URL: "redis://127.0.0.1:6379/notadb" }, "REDIS_URL"],
    [{ REDIS_URL: "redis://127.0.0.1:6379/?db=abc" }, "REDIS_URL"],
    // fetch refuses a URL with user info: every check would have answered by fail mode, for good.
    [{ UPSTASH_REDIS_REST_URL: "http://u:pw@127.0.0.1:8079", UPSTASH_REDIS_REST_TOKEN: "t" }, "UPSTASH_REDIS_REST_URL"],
    [{ DATABASE_URL: "libsql://u:pw@db.example.turso.io" }, "DATABASE_AUTH_TOKEN"],
  ])("%j stops start-up with one line naming %s", (env, name) => {
    const parsed = parseEnv(env);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error).toContain(name);
    expect(parsed.error).not.toContain("\n");
  });

  test.each([
    { DATABASE_URL: "postgres://admin:s3cret-pass@db.example/quota" },
    { REDIS_URL: "http://default:s3cret-pass@127.0.0.1:6379" },
    { UPSTASH_REDIS_REST_URL: "http://u:s3cret-pass@127.0.0.1:8079", UPSTASH_REDIS_REST_TOKEN: "t" },
  ])("%j: the line names the variable, never the URL's credentials", (env) => {
    const parsed = parseEnv(env);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error).toContain(Object.keys(env)[0]);
    expect(parsed.error).not.toContain("s3cret-pass");
  });
});
