// The Lambda entry's real handler, invoked in process with API Gateway HTTP API (payload 2.0) events, counting in a
// real redis-server over REDIS_URL.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LambdaEvent } from "hono/aws-lambda";
import { startRedis } from "../../dev/redis-server";
import { handler } from "./lambda";
import { type Answer, baseEnv, describeServerlessEntry, type Invoke } from "./testing/serverless-contract";

let next = 0;

/** An event as API Gateway sends one for a request to its $default route (a Function URL sends the same shape). */
function httpApiEvent(method: string, path: string, headers: Record<string, string>, body: string | null): LambdaEvent {
  const [rawPath = "/", rawQueryString = ""] = path.split("?");
  const requestId = `JKJaXmPLvHcESHA=${next++}`;
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath,
    rawQueryString,
    headers: {
      accept: "*/*",
      host: "r3pmxmplak.execute-api.eu-west-1.amazonaws.com",
      "user-agent": "billing-svc/1.0",
      "x-amzn-trace-id": `Root=1-5e6722a7-cc56xmpl46db7ae02d4da47e;${requestId}`,
      "x-forwarded-for": "203.0.113.7",
      "x-forwarded-port": "443",
      "x-forwarded-proto": "https",
      ...(body === null ? {} : { "content-length": String(Buffer.byteLength(body)) }),
      ...headers,
    },
    requestContext: {
      accountId: "123456789012",
      apiId: "r3pmxmplak",
      domainName: "r3pmxmplak.execute-api.eu-west-1.amazonaws.com",
      domainPrefix: "r3pmxmplak",
      http: { method, path: rawPath, protocol: "HTTP/1.1", sourceIp: "203.0.113.7", userAgent: "billing-svc/1.0" },
      requestId,
      routeKey: "$default",
      stage: "$default",
      time: "30/Nov/2026:18:00:00 +0000",
      timeEpoch: Date.now(),
    },
    body,
    isBase64Encoded: false,
    // Hono's type also asks for `authentication` and `authorizer`, which a route without an authorizer never gets.
  } as unknown as LambdaEvent;
}

const invoke: Invoke = async (method, path, { token, body, headers = {} } = {}) => {
  const sent: Record<string, string> = { ...headers };
  if (token) sent.authorization = `Bearer ${token}`;
  if (body !== undefined) sent["content-type"] ??= "application/json";
  const text = body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body);
  const result = await handler(httpApiEvent(method, path, sent, text));
  const answered = result.isBase64Encoded ? Buffer.from(result.body, "base64").toString() : result.body;
  const answer: Answer = {
    status: result.statusCode,
    headers: new Headers(result.headers as Record<string, string>),
    text: answered,
    json: answered.startsWith("{") ? JSON.parse(answered) : undefined,
  };
  return answer;
};

describeServerlessEntry(
  "AWS Lambda (API Gateway v2 events, Redis over TCP)",
  async () => {
    const redis = await startRedis();
    const dir = mkdtempSync(join(tmpdir(), "bouncer-lambda-"));
    Object.assign(process.env, baseEnv(`file:${join(dir, "quota.db")}`), { REDIS_URL: redis.url });
    return { invoke, redis, close: () => redis.stop() };
  },
  { metricsNote: `# These counts are one Lambda instance's:` },
);
