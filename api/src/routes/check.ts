// POST /v1/check (contract section 5): every limit of the caller decided at once, with the headers clients need.
import { createRoute } from "@hono/zod-openapi";
import type { AnswerCheck } from "../check/answer";
import { CheckRequest } from "../check/read-request";
import type { App } from "../deps";
import { CheckResponse } from "../domain/check-response";
import { errorResponses, type HeaderDoc, jsonContent, security } from "../http";

const count = (description: string, example: number): HeaderDoc => ({
  description,
  required: true,
  schema: { type: "integer" },
  example,
});

/** The headers of every 200 and 429 (quota/headers.ts writes them), as contract section 5 has them. */
const RATE_LIMIT_HEADERS: Record<string, HeaderDoc> = {
  "X-RateLimit-Limit": count("The size of the most constraining limit, as limit in the body.", 20),
  "X-RateLimit-Remaining": count("What is left of it, as remaining in the body.", 0),
  "X-RateLimit-Reset": count("Unix seconds: when it frees up, as reset in the body.", 1764500412),
  "RateLimit-Policy": {
    description:
      "Every limit of the check, as draft-ietf-httpapi-ratelimit-headers has it: q its size, w its window in seconds (for the bucket, the seconds it takes to refill from empty).",
    required: true,
    schema: { type: "string" },
    example: '"burst";q=20;w=12, "hour";q=5000;w=3600, "day";q=50000;w=86400',
  },
  RateLimit: {
    description:
      "The most constraining limit, as draft-ietf-httpapi-ratelimit-headers has it: r what is left, t the seconds until more quota is available.",
    required: true,
    schema: { type: "string" },
    example: '"burst";r=0;t=2',
  },
};

const DENIED_HEADERS: Record<string, HeaderDoc> = {
  ...RATE_LIMIT_HEADERS,
  "Retry-After": {
    description:
      "Seconds to wait before retrying, as retryAfter in the body; absent when the request can never pass (its cost exceeds a limit's size).",
    required: false,
    schema: { type: "integer" },
    example: 2,
  },
};

export function registerCheck(app: App, answerCheck: AnswerCheck) {
  const route = createRoute({
    method: "post",
    path: "/v1/check",
    operationId: "check",
    tags: ["Check"],
    security,
    summary: "Check and count one request",
    description:
      "For backend services: decides every limit of the caller at once and counts the request. 200 allowed, 429 denied (nothing consumed). Both carry X-RateLimit-* and IETF RateLimit/RateLimit-Policy headers; 429 also Retry-After. 503 store_unavailable when the counter store is down and the plan fails closed.",
    request: { body: { required: true, content: { "application/json": { schema: CheckRequest } } } },
    responses: {
      200: {
        ...jsonContent(CheckResponse, "Allowed (or denied by a shadow plan, which never denies)"),
        headers: RATE_LIMIT_HEADERS,
      },
      429: { ...jsonContent(CheckResponse, "Denied; nothing was consumed"), headers: DENIED_HEADERS },
      ...errorResponses(
        "invalid_request",
        "unauthorized",
        "forbidden",
        "unknown_key",
        "payload_too_large",
        "unsupported_media_type",
        "store_unavailable",
      ),
    },
  });
  // The document describes the route; check/answer.ts reads the body itself (see readCheckRequest), so that the
  // Node fast path (entry/node-check.ts) and this route give one answer.
  app.openAPIRegistry.registerPath(route);
  app.post(route.path, async (c) => {
    const answer = await answerCheck({
      authorization: c.req.header("authorization"),
      contentType: c.req.header("content-type"),
      contentEncoding: c.req.header("content-encoding"),
      body: new Uint8Array(await c.req.arrayBuffer()),
      requestId: c.get("requestId"),
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
}
