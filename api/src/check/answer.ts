// POST /v1/check answered from the parts of its request, with no web framework in between: the Hono route and the
// Node fast path (entry/node-check.ts) both serve this, so a check gets the same answer whichever way it came.

import type { AlertRaiser } from "../alerts/alert-raiser";
import { principalOf, requireKind } from "../auth";
import type { AppDeps } from "../deps";
import type { CheckResponse } from "../domain/check-response";
import { errorAnswer } from "../error-answer";
import { ApiError } from "../errors";
import { requireJson } from "../http";
import { rateLimitHeaders } from "../quota/headers";
import type { Limiter } from "../quota/limiter";
import { policyHeader } from "../quota/limits";
import { API_SECURITY_HEADERS } from "../security-headers";
import { callerOf } from "./caller";
import { readCheckRequest } from "./read-request";
import { checkBody } from "./response-body";

/** What the check needs of its HTTP request. */
export type CheckRequestParts = {
  authorization: string | undefined;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  /** As it came, so that the one body reader (readJson) decides what text it holds. */
  body: Uint8Array;
  requestId: string;
};

/** The whole HTTP answer: status, headers (all but Content-Length) and the JSON body. */
export type HttpAnswer = { status: number; headers: Record<string, string>; body: string };

const CHECKERS = ["service", "admin"] as const;

export type AnswerCheck = (request: CheckRequestParts) => Promise<HttpAnswer>;

function headersOf(requestId: string, extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = extra ?? {};
  Object.assign(headers, API_SECURITY_HEADERS);
  headers["Content-Type"] = "application/json";
  headers["X-Request-Id"] = requestId;
  return headers;
}

/** The error envelope as a check's answer, with the headers every check answer carries. */
export function checkErrorAnswer(error: unknown, requestId: string, logger: AppDeps["logger"]): HttpAnswer {
  const { status, body, headers } = errorAnswer(error, requestId, logger);
  return { status, headers: Object.assign(headersOf(requestId), headers), body: JSON.stringify(body) };
}

export function createCheckAnswer(
  { config, logger }: Pick<AppDeps, "config" | "logger">,
  limiter: Limiter,
  alerts?: AlertRaiser,
): AnswerCheck {
  async function answer(request: CheckRequestParts): Promise<HttpAnswer> {
    // Cached principals and targets are values, not promises: awaited only when they are promises, as a check
    // whose caller is known pays no turn of the microtask queue for them.
    const principal = principalOf(config, request.authorization);
    requireKind(principal instanceof Promise ? await principal : principal, CHECKERS);
    requireJson(request.contentType, request.contentEncoding);
    const body = readCheckRequest(request.body);
    const caller = callerOf(config, body);
    const { subject, target } = caller instanceof Promise ? await caller : caller;
    const lease =
      body.reserve === undefined && body.leaseSeconds === undefined
        ? undefined
        : { ttlMs: (body.leaseSeconds ?? 60) * 1000, reserve: body.reserve ?? false };
    const result = await limiter.check(subject, target, body.cost, body.resource, lease);
    if (result.outcome === "store_unavailable") {
      throw new ApiError("store_unavailable", "the counter store is not answering and this plan fails closed");
    }
    // The thresholds this check's use reached are in the outbox before it is answered (contract section 13). An
    // address's traffic raises none: an event names a customer.
    if (result.crossings && alerts && target.customerId !== null) {
      await alerts.raise(target.customerId, target.planId, result.crossings, result.nowMs);
    }
    const response: CheckResponse = {
      allowed: result.allowed,
      customerId: target.customerId,
      planId: target.planId,
      limit: result.top.limit,
      remaining: result.top.remaining,
      reset: result.top.reset,
      retryAfter: result.allowed ? undefined : (result.retryAfter ?? null),
      limits: result.limits,
      degraded: result.degraded,
      reason: result.degraded ? "store_unavailable" : undefined,
      shadow: result.shadow,
    };
    if (result.lease) response.lease = { id: result.lease.id, expiresAt: result.lease.expiresAtMs / 1000 };
    const rateLimit = rateLimitHeaders(result, policyHeader(result.spec, result.nowMs));
    return {
      status: result.allowed ? 200 : 429,
      headers: headersOf(request.requestId, rateLimit),
      body: checkBody(response),
    };
  }

  return (request) => answer(request).catch((error: unknown) => checkErrorAnswer(error, request.requestId, logger));
}
