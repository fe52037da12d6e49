// The Vercel entry's real handler, called in process with Web requests as Vercel's Node.js runtime passes them, with
// the stores a deployment uses: a remote libSQL (the project's Hrana endpoint) and Upstash (its REST endpoint), each
// in front of a real SQLite file or redis-server.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLibsqlEndpoint } from "../../dev/libsql-endpoint";
import { startRedis } from "../../dev/redis-server";
import { startUpstashEndpoint } from "../../dev/upstash-endpoint";
import { callThrough } from "../testing/test-app";
import { baseEnv, describeServerlessEntry } from "./testing/serverless-contract";
import vercel from "./vercel";

// Each request with the headers Vercel's edge adds in front of the function.
const invoke = callThrough((path, init) => {
  const sent = new Headers({
    "user-agent": "billing-svc/1.0",
    "x-forwarded-for": "203.0.113.7",
    "x-forwarded-host": "bouncer.vercel.app",
    "x-forwarded-proto": "https",
    "x-vercel-id": "fra1::iad1::8cmbq-1764525600000-0123456789ab",
  });
  for (const [name, value] of new Headers(init.headers)) sent.set(name, value);
  return vercel.fetch(new Request(`https://bouncer.vercel.app${path}`, { ...init, headers: sent }));
});

describeServerlessEntry(
  "Vercel (Web requests, config in remote libSQL over HTTP, counters in Upstash over REST)",
  async () => {
    const redis = await startRedis();
    const upstash = await startUpstashEndpoint({ redisUrl: redis.url });
    // The config in a remote libSQL, as a Vercel deployment keeps it: Hrana over HTTP in front of a SQLite file.
    const libsql = await startLibsqlEndpoint({
      path: join(mkdtempSync(join(tmpdir(), "bouncer-vercel-")), "quota.db"),
    });
    Object.assign(process.env, baseEnv(libsql.url), {
      DATABASE_AUTH_TOKEN: libsql.token,
      UPSTASH_REDIS_REST_URL: upstash.url,
      UPSTASH_REDIS_REST_TOKEN: upstash.token,
    });
    return {
      invoke,
      redis,
      close: async () => {
        await upstash.close();
        await libsql.close();
        await redis.stop();
      },
    };
  },
  { metricsNote: `# These counts are one Vercel instance's:` },
);
