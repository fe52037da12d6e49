// API Gateway HTTP API (payload 2.0) events as AWS sends them, for calling a Lambda handler in process.
import type { LambdaContext, LambdaEvent } from "hono/aws-lambda";
import type { Answer, Invoke } from "./serverless-contract";

type LambdaHandler = (
  event: LambdaEvent,
  context?: LambdaContext,
) => Promise<{ statusCode: number; body: string; isBase64Encoded: boolean; headers?: unknown }>;

let next = 0;

/** An event as API Gateway sends one for a request to its $default route (a Function URL sends the same shape). */
export function httpApiEvent(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | null,
  { stage = "$default", isBase64Encoded = false }: { stage?: string; isBase64Encoded?: boolean } = {},
): LambdaEvent {
  const [path0 = "/", rawQueryString = ""] = path.split("?");
  // A stage of its own is in the path as API Gateway sends it (the $default stage is not).
  const rawPath = stage === "$default" ? path0 : `/${stage}${path0}`;
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
      stage,
      time: "30/Nov/2026:18:00:00 +0000",
      timeEpoch: Date.now(),
    },
    body,
    isBase64Encoded,
    // Hono's type also asks for `authentication` and `authorizer`, which a route without an authorizer never gets.
  } as unknown as LambdaEvent;
}

/** Invoke for the contract suite: one request through `handler` as an API Gateway v2 event. */
export const invokeLambda =
  (handler: LambdaHandler): Invoke =>
  async (method, path, { token, body, headers = {} } = {}) => {
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
