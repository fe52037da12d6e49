// The Lambda entry's real handler, invoked in process with API Gateway HTTP API (payload 2.0) events, counting in a
// real redis-server over REDIS_URL.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRedis } from "../../dev/redis-server";
import { handler } from "./lambda";
import { invokeLambda } from "./testing/lambda-events";
import { baseEnv, describeServerlessEntry } from "./testing/serverless-contract";

describeServerlessEntry(
  "AWS Lambda (API Gateway v2 events, Redis over TCP)",
  async () => {
    const redis = await startRedis();
    const dir = mkdtempSync(join(tmpdir(), "bouncer-lambda-"));
    Object.assign(process.env, baseEnv(`file:${join(dir, "quota.db")}`), { REDIS_URL: redis.url });
    return { invoke: invokeLambda(handler), redis, close: () => redis.stop() };
  },
  { metricsNote: `# These counts are one Lambda instance's:` },
);
